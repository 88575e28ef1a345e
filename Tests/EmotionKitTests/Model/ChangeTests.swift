import EmotionKit
import Testing

@Suite struct ChangeTests {
    private let change = Change(emotion: .happy, old: 3, new: 4)

    @Test func theTextFormTakesAnyLabelInPlaceOfTheName() {
        expect(change.description(labelled: "완전행복"), equals: "완전행복: 3 → 4")
        expect(change.description, equals: change.description(labelled: "happy"))
    }

    @Test func theJSONFormListsEmotionOldAndNewThenAnyExtraMembersInOrder() {
        expect(change.json().serialized(pretty: false), equals: #"{"emotion": "happy", "old": 3, "new": 4}"#)
        #expect(change.json(adding: [("file", .string("/m.json"))]).serialized(pretty: false)
            == #"{"emotion": "happy", "old": 3, "new": 4, "file": "/m.json"}"#)
    }
}
