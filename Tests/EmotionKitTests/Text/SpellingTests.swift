@testable import EmotionKit
import Testing

@Suite struct SpellingTests {
    @Test func editDistanceCountsInsertionsDeletionsSubstitutionsAndSwaps() {
        #expect(Spelling.editDistance(Array("happy"), Array("happy")) == 0)
        #expect(Spelling.editDistance(Array("hapy"), Array("happy")) == 1)
        #expect(Spelling.editDistance(Array("hqppy"), Array("happy")) == 1)
        #expect(Spelling.editDistance(Array("ahppy"), Array("happy")) == 1)
        #expect(Spelling.editDistance(Array(""), Array("sad")) == 3)
        #expect(Spelling.editDistance(Array("kitten"), Array("sitting")) == 3)
    }

    @Test func theClosestCandidateWinsAndTiesGoToTheFirst() {
        #expect(Spelling.closest(to: "jsno", among: ["json", "quiet", "file"]) == "json")
        #expect(Spelling.closest(to: "tpa", among: ["tap", "add"]) == "tap")
        #expect(Spelling.closest(to: "sax", among: ["sad", "sam"]) == "sad")
    }

    @Test func aPrefixCountsAsClose() {
        #expect(Spelling.closest(to: "stat", among: ["tap", "stats"]) == "stats")
        #expect(Spelling.closest(to: "happyness", among: ["happy", "sad"]) == "happy")
    }

    @Test func farOffWordsSuggestNothing() {
        #expect(Spelling.closest(to: "bogus", among: ["json", "quiet", "file", "help"]) == nil)
        #expect(Spelling.closest(to: "", among: ["json"]) == nil)
    }
}
