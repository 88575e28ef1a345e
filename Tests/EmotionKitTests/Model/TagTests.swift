import EmotionKit
import Testing

@Suite struct TagTests {
    /// The error `EmotionKit.Tag(text)` throws, or `nil` if it reads.
    private func refusal(_ text: String) -> TagError? {
        do throws(TagError) {
            _ = try EmotionKit.Tag(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("gym", "gym"), ("운동", "운동"), ("2026", "2026"), ("good-meal", "good-meal"), ("late_night", "late_night"),
        ("GYM", "gym"), ("Friends", "friends"), ("ÉTÉ", "été"), ("योग", "योग"), ("हिंदी", "हिंदी"), ("e\u{301}te", "e\u{301}te"),
        ("家族", "家族"), ("Ελλάδα", "ελλάδα"),
    ])
    func aWordOfLettersOfAnyScriptDigitsHyphensAndUnderscoresIsATagKeptLowerCase(typed: String, name: String) throws {
        try expect(EmotionKit.Tag(typed).name, equals: name)
        try expect(EmotionKit.Tag(typed).description, equals: name)
    }

    @Test func aTagMayBeThirtyTwoCharactersButNotThirtyThree() throws {
        try expect(EmotionKit.Tag(String(repeating: "a", count: 32)).name.count, equals: 32)
        try expect(EmotionKit.Tag(String(repeating: "운", count: 32)).name.count, equals: 32)
        expect(refusal(String(repeating: "a", count: 33)), equals: .tooLong(String(repeating: "a", count: 33), characters: 33))
    }

    @Test func aTagOfFewCharactersButManyMarksIsRefusedByItsBytes() {
        // One character, "a" with 1,000 accents over it: 2,001 bytes. Sixteen such tags made a
        // journal line longer than any reader takes, and the history unreadable.
        let marked = "a" + String(repeating: "\u{301}", count: 1000)
        expect(refusal(marked), equals: .tooManyBytes(marked, bytes: 2001))
        expect(refusal(marked)?.description.contains("such as +"), equals: true)
        let most = "a" + String(repeating: "\u{301}", count: (EmotionKit.Tag.byteLimit - 1) / 2)
        expect(refusal(most), equals: nil)
        // Counted as kept, lower-case: "İ" is two bytes, its lower case "i̇" three.
        let dotted = "İ" + String(repeating: "\u{301}", count: (EmotionKit.Tag.byteLimit - 2) / 2)
        expect(dotted.utf8.count, equals: EmotionKit.Tag.byteLimit)
        expect(refusal(dotted), equals: .tooManyBytes(dotted, bytes: EmotionKit.Tag.byteLimit + 1))
    }

    @Test(arguments: [
        ("a.b", Character(".")), ("a b", " "), ("😀", "😀"), ("gym😀", "😀"), ("+gym", "+"), ("#gym", "#"), ("a/b", "/"),
        ("a\"b", "\""), ("a\\b", "\\"), ("tab\there", "\t"), ("a,b", ","),
    ])
    func anyOtherCharacterIsRefusedAndNamed(text: String, character: Character) {
        expect(refusal(text), equals: .badCharacter(text, character))
        expect(refusal(text)?.description.contains("'\(character)'"), equals: true)
    }

    @Test func anEmptyWordIsRefusedWithAnExample() {
        expect(refusal(""), equals: .empty)
        #expect(TagError.empty.description.contains("+gym"))
    }

    @Test func everyRefusalNamesTheWordAndShowsAGoodOne() {
        for error in [refusal("a.b"), refusal(String(repeating: "x", count: 40))] {
            let text = error?.description ?? ""
            #expect(text.contains("such as +"), "\(text)")
        }
        expect(refusal("a.b")?.description.contains("'a.b'"), equals: true)
        #expect(TagError.tooMany(17).description.contains("17"))
    }

    @Test func aCommandsTagsAreSortedEachOnce() throws {
        let tags = try EmotionKit.Tag.set([try EmotionKit.Tag("gym"), try EmotionKit.Tag("Friends"), try EmotionKit.Tag("GYM"), try EmotionKit.Tag("운동"), try EmotionKit.Tag("friends")])
        expect(tags.map(\.name), equals: ["friends", "gym", "운동"])
        #expect(try EmotionKit.Tag.set([]).isEmpty)
    }

    @Test func thirtyThousandTagsAreRefusedAsTooManyAtOnceNotAfterSortingThem() {
        // Put in order one by one, 30,000 typed tags (a command line holds that many) took seconds.
        let tags = (0..<30_000).reversed().map { EmotionKit.Tag(checked: "t\($0)") }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: TagError.tooMany(30_000)) { try EmotionKit.Tag.set(tags) }
        #expect(clock.now - start < .seconds(1))
    }

    @Test func sixteenTagsAreAllowedSeventeenAreNotRepeatsNotCounted() throws {
        let sixteen = try (1...16).map { try EmotionKit.Tag("t\($0)") }
        try expect(EmotionKit.Tag.set(sixteen + sixteen).count, equals: 16)
        do throws(TagError) {
            _ = try EmotionKit.Tag.set(sixteen + [try EmotionKit.Tag("t17")])
            Issue.record("seventeen tags were kept")
        } catch {
            expect(error, equals: .tooMany(17))
        }
    }
}
