@testable import EmotionKit
import Testing

@Suite struct SpellingTests {
    @Test func editDistanceCountsInsertionsDeletionsSubstitutionsAndSwaps() {
        expect(Spelling.editDistance(Array("happy"), Array("happy")), equals: 0)
        expect(Spelling.editDistance(Array("hapy"), Array("happy")), equals: 1)
        expect(Spelling.editDistance(Array("hqppy"), Array("happy")), equals: 1)
        expect(Spelling.editDistance(Array("ahppy"), Array("happy")), equals: 1)
        expect(Spelling.editDistance(Array(""), Array("sad")), equals: 3)
        expect(Spelling.editDistance(Array("kitten"), Array("sitting")), equals: 3)
    }

    @Test func theClosestCandidateWinsAndTiesGoToTheFirst() {
        expect(Spelling.closest(to: "jsno", among: ["json", "quiet", "file"]), equals: "json")
        expect(Spelling.closest(to: "tpa", among: ["tap", "add"]), equals: "tap")
        expect(Spelling.closest(to: "sax", among: ["sad", "sam"]), equals: "sad")
    }

    @Test func aPrefixCountsAsClose() {
        expect(Spelling.closest(to: "stat", among: ["tap", "stats"]), equals: "stats")
        expect(Spelling.closest(to: "happyness", among: ["happy", "sad"]), equals: "happy")
    }

    @Test func farOffWordsSuggestNothing() {
        expect(Spelling.closest(to: "bogus", among: ["json", "quiet", "file", "help"]), equals: nil)
        expect(Spelling.closest(to: "", among: ["json"]), equals: nil)
    }
}
