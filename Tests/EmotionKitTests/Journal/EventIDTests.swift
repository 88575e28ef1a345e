import EmotionKit
import Testing

@Suite struct EventIDTests {
    @Test func isTwentySixCrockfordCharactersThatReadBack() {
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<1000 {
            let id = EventID(recordedAt: 1_795_435_445_123, using: &generator)
            let text = id.description
            expect(text.utf8.count, equals: 26)
            #expect(text.allSatisfy { "0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains($0) })
            expect(EventID(parsing: text), equals: id)
            expect(id.recordedAt, equals: 1_795_435_445_123)
        }
    }

    @Test func theTimeComesFirstSoIdsSortByWhenTheyWereMade() {
        var generator = SeededGenerator(seed: 7)
        let times: [Int64] = [0, 1, 999, 1_000_000, 1_795_435_445_123, 1_795_435_445_124, EventID.latestTime]
        let ids = times.map { EventID(recordedAt: $0, using: &generator).description }
        expect(ids, equals: ids.sorted())
        expect(EventID(value: 0).description, equals: "00000000000000000000000000")
        expect(EventID(value: .max).description, equals: "7ZZZZZZZZZZZZZZZZZZZZZZZZZ")
    }

    @Test func aTimeOutsideWhatFortyEightBitsHoldIsHeldAtTheNearerEnd() {
        var generator = SeededGenerator(seed: 1)
        expect(EventID(recordedAt: -5, using: &generator).recordedAt, equals: 0)
        expect(EventID(recordedAt: .max, using: &generator).recordedAt, equals: EventID.latestTime)
    }

    @Test func eightyRandomBitsKeepIdsOfTheSameMillisecondApart() {
        var ids = Set<EventID>()
        for _ in 0..<10_000 {
            ids.insert(EventID(recordedAt: 1_795_435_445_123))
        }
        expect(ids.count, equals: 10_000)
    }

    @Test(arguments: [
        "", "0", "01KAT8FW5X6N3X9R2T4K7M1P0", "01KAT8FW5X6N3X9R2T4K7M1P0ZZ", "01kat8fw5x6n3x9r2t4k7m1p0z",
        "01KAT8FW5X6N3X9R2T4K7M1P0I", "01KAT8FW5X6N3X9R2T4K7M1P0L", "01KAT8FW5X6N3X9R2T4K7M1P0O",
        "01KAT8FW5X6N3X9R2T4K7M1P0U", "80000000000000000000000000", "01KAT8FW5X6N3X9R2T4K7M1P0-",
        " 1KAT8FW5X6N3X9R2T4K7M1P0Z",
    ])
    func readsOnlyTheCanonicalText(text: String) {
        expect(EventID(parsing: text), equals: nil)
    }

    @Test func isCanonicalAgreesWithReadingTheId() {
        var generator = SeededGenerator(seed: 26)
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
        for round in 0..<5000 {
            var bytes = (0..<26).map { _ in alphabet[Int(generator.next() % 32)] }
            if round % 2 == 0 {
                // Damage one byte: anything from 0 to 255, lower case, a digit past 7 first.
                bytes[Int(generator.next() % 26)] = UInt8(truncatingIfNeeded: generator.next())
            }
            let count = round % 97 == 0 ? 25 : 26
            let canonical = Array(bytes.prefix(count)).withUnsafeBufferPointer { EventID.isCanonical($0) }
            expect(canonical, equals: (EventID(utf8: bytes.prefix(count)) != nil), "\(bytes)")
        }
    }
}

/// `undo ID` names a command by the start of an id, as git takes an abbreviated hash.
@Suite struct EventIDPrefixTests {
    @Test func aPrefixInEitherCaseMatchesTheIdsThatStartWithIt() throws {
        var generator = SeededGenerator(seed: 3)
        let id = EventID(recordedAt: 1_795_435_445_123, using: &generator)
        let other = EventID(recordedAt: 1_795_435_445_124, using: &generator)
        for length in [4, 10, 11, 25, 26] {
            let text = String(id.description.prefix(length))
            let prefix = try #require(EventIDPrefix(parsing: text.lowercased()))
            expect(prefix.description, equals: text)
            #expect(prefix.matches(id))
            expect(prefix.matches(other), equals: other.description.hasPrefix(text), "\(text)")
        }
        expect(EventIDPrefix(parsing: String(id.short))?.matches(other), equals: false, "a short id tells two milliseconds apart")
    }

    @Test(arguments: ["", "01K", "01KI", "01KL", "01KO", "01KU", "8ZZZ", "01K-AT", " 01KAT", "01KAT8FW5X6N3X9R2T4K7M1P0Z0", "０1KAT"])
    func anythingElseIsRefused(text: String) {
        expect(EventIDPrefix(parsing: text), equals: nil)
    }
}
