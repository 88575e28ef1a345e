@testable import EmotionKit
import Testing

@Suite struct EmotionTests {
    @Test func thereAreFiveEmotionsFromHappyToSad() {
        expect(Emotion.allCases.map(\.name), equals: ["happy", "smile", "neutral", "upset", "sad"])
        #expect(Emotion.happy < Emotion.sad)
    }

    @Test func eachIndexIsItsPlaceInAllCases() {
        expect(Emotion.allCases.map(\.index), equals: Array(Emotion.allCases.indices))
        expect(Emotion.allCases.sorted(), equals: Array(Emotion.allCases))
    }

    @Test(arguments: [
        ("happy", Emotion.happy), ("HAPPY", .happy), ("very-happy", .happy), ("veryHappy", .happy), ("VERYHAPPY", .happy),
        ("smile", .smile), ("moderate-smile", .smile), ("moderateSmile", .smile),
        ("neutral", .neutral), ("Neutral", .neutral),
        ("upset", .upset), ("slightly-upset", .upset), ("slightlyUpset", .upset),
        ("sad", .sad), ("very-sad", .sad), ("verySad", .sad),
    ])
    func parsingAcceptsCanonicalNamesAndAliasesInAnyCase(text: String, emotion: Emotion) {
        expect(Emotion(parsing: text), equals: emotion)
    }

    @Test(arguments: [
        ("완전행복", Emotion.happy), ("적당미소", .smile), ("그냥그냥", .neutral), ("좀속상한", .upset), ("많이슬픈", .sad),
        // The same syllables decomposed into jamo (NFD), as some input methods and file names have them.
        ("\u{110B}\u{116A}\u{11AB}\u{110C}\u{1165}\u{11AB}\u{1112}\u{1162}\u{11BC}\u{1107}\u{1169}\u{11A8}", .happy),
    ])
    func parsingAcceptsTheKoreanLabelsOfTheOriginalApp(text: String, emotion: Emotion) {
        expect(Emotion(parsing: text), equals: emotion)
    }

    @Test(arguments: [
        ("😄", Emotion.happy), ("🙂", .smile), ("😐", .neutral), ("😕", .upset), ("😢", .sad),
        // As emoji keyboards send them, asking for the colourful presentation; and for the text one.
        ("😄\u{FE0F}", .happy), ("🙂\u{FE0F}", .smile), ("😐\u{FE0F}", .neutral), ("😕\u{FE0F}", .upset),
        ("😢\u{FE0F}", .sad), ("😄\u{FE0E}", .happy), ("😢\u{FE0E}", .sad),
    ])
    func parsingAcceptsTheEmojiOfTheOriginalAppsButtons(text: String, emotion: Emotion) {
        expect(Emotion(parsing: text), equals: emotion)
    }

    @Test(arguments: [
        "", "hapy", "very happy", "happy ", "very_sad", "moderate", "0", "완전", "완전행복 ",
        "😃", "😄😄", " 😄", "😄 ", "😄\u{FE0F}\u{FE0F}", "\u{FE0F}", "😄\u{200D}", "happy\u{FE0F}", "😄\u{1F3FB}",
    ])
    func parsingRefusesEverythingElse(text: String) {
        expect(Emotion(parsing: text), equals: nil)
    }

    @Test(arguments: [
        ("hapy", Emotion.happy), ("happpy", .happy), ("smiel", .smile), ("netural", .neutral),
        ("upste", .upset), ("sda", .sad), ("very-hapy", .happy), ("verysd", .sad), ("HAPY", .happy),
    ])
    func aTypoSuggestsTheClosestEmotion(typo: String, emotion: Emotion) {
        expect(Emotion.closest(to: typo), equals: emotion)
    }

    @Test(arguments: ["xyzzy", "q", "completely-different", "", "x", "😃", "☹️"])
    func nonsenseSuggestsNothing(text: String) {
        expect(Emotion.closest(to: text), equals: nil)
    }

    @Test func everyEmotionHasTheOriginalAppsEmojiAndKoreanLabel() {
        expect(Emotion.allCases.map(\.emoji), equals: ["😄", "🙂", "😐", "😕", "😢"])
        expect(Emotion.allCases.map(\.koreanLabel), equals: ["완전행복", "적당미소", "그냥그냥", "좀속상한", "많이슬픈"])
    }

    @Test func acceptedNamesListCanonicalNamesFirstAndTheEmojiLast() {
        expect(Array(Emotion.acceptedNames.prefix(5)), equals: ["happy", "smile", "neutral", "upset", "sad"])
        #expect(Emotion.acceptedNames.contains("slightlyUpset"))
        #expect(Emotion.acceptedNames.contains("많이슬픈"))
        expect(Array(Emotion.acceptedNames.suffix(5)), equals: ["😄", "🙂", "😐", "😕", "😢"])
        #expect(Emotion.acceptedNames.allSatisfy { Emotion(parsing: $0) != nil })
    }

    @Test func aTypoOfAKoreanLabelSuggestsItsEmotion() {
        expect(Emotion.closest(to: "완전행보"), equals: .happy)
    }
}
