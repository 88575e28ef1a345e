import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct LanguageTests {
    @Test(arguments: ["ko_KR.UTF-8", "ko_KR.utf8", "ko_KR", "ko", "ko.UTF-8", "ko_KR.EUC-KR", "ko@latin"])
    func aKoreanLocaleMeansKoreanLabels(locale: String) {
        expect(Language(environment: ["LANG": locale]), equals: .korean)
    }

    @Test(arguments: ["C", "C.UTF-8", "POSIX", "en_US.UTF-8", "de_DE", "kok_IN", "kor", "", "KO_KR"])
    func anyOtherLocaleMeansEnglish(locale: String) {
        expect(Language(environment: ["LANG": locale]), equals: .english)
    }

    @Test func noLocaleMeansEnglish() {
        expect(Language(environment: [:]), equals: .english)
    }

    @Test func lcAllComesFirstThenLcMessagesThenLang() {
        expect(Language(environment: ["LC_ALL": "C", "LC_MESSAGES": "ko_KR", "LANG": "ko_KR"]), equals: .english)
        expect(Language(environment: ["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"]), equals: .korean)
        expect(Language(environment: ["LC_MESSAGES": "ko_KR", "LANG": "en_US.UTF-8"]), equals: .korean)
        expect(Language(environment: ["LC_MESSAGES": "en_GB", "LANG": "ko_KR.UTF-8"]), equals: .english)
    }

    @Test func anEmptyVariableIsPassedOver() {
        expect(Language(environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"]), equals: .korean)
        expect(Language(environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"]), equals: .english)
    }

    @Test func otherCategoriesDoNotCount() {
        expect(Language(environment: ["LC_CTYPE": "ko_KR.UTF-8", "LC_TIME": "ko_KR.UTF-8"]), equals: .english)
    }

    @Test func labelsAreCanonicalNamesOrTheOriginalAppsKoreanLabels() {
        expect(Emotion.allCases.map(Language.english.label(for:)), equals: ["happy", "smile", "neutral", "upset", "sad"])
        expect(Emotion.allCases.map(Language.korean.label(for:)), equals: ["완전행복", "적당미소", "그냥그냥", "좀속상한", "많이슬픈"])
        expect(Language.english.totalLabel, equals: "total")
        expect(Language.korean.totalLabel, equals: "합계")
    }
}
