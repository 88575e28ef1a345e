@testable import EmotionKit
import Testing

@Suite struct FeltLineTests {
    /// Reads `line` in place, as views do.
    func read(_ line: String, memo: inout FeltLine.DateMemo) -> FeltLine? {
        Array(line.utf8).withUnsafeBufferPointer { FeltLine($0, order: 7, day: &memo) }
    }

    /// Every kind of event a journal holds, written by `jsonLine` at many offsets and times: read in
    /// place, each gives what the full parser gives.
    @Test func everyEventReadsInPlaceAsTheFullParserReadsIt() throws {
        var generator = SeededGenerator(seed: 5)
        var memo = FeltLine.DateMemo()
        var read = 0
        for sequence in 1...UInt64(3000) {
            let command = generator.pick(JournalCommand.allCases)
            let offset = Int32(Int.random(in: -18...18, using: &generator) * 3600 + generator.pick([0, 1800, 2700]) * (generator.chance(0.5) ? 1 : -1))
            let clamped = min(max(offset, -Timestamp.offsetLimit), Timestamp.offsetLimit)
            let at = try Timestamp(millisecondsSinceEpoch: Int64.random(in: -30_000_000_000_000...250_000_000_000_000, using: &generator), offsetSeconds: clamped)
            let old = Int.random(in: 0...1_000_000_000_000, using: &generator)
            let new: Int = switch command {
            case .tap: old + 1
            case .reset: 0
            default: generator.chance(0.5) ? old + Int.random(in: 1...1000, using: &generator) : Int.random(in: 0..<max(old, 1), using: &generator)
            }
            guard new != old else { continue }
            let id = EventID(recordedAt: at.millisecondsSinceEpoch, using: &generator)
            let backdated = (command == .tap || command == .add) && generator.chance(0.3)
            let recorded = backdated ? try Timestamp(millisecondsSinceEpoch: at.millisecondsSinceEpoch + Int64.random(in: 1...9_000_000_000, using: &generator), offsetSeconds: 0) : nil
            let latest = generator.chance(0.2)
                ? try Timestamp(millisecondsSinceEpoch: (recorded ?? at).millisecondsSinceEpoch + Int64.random(in: 1...9_000_000, using: &generator), offsetSeconds: 3600)
                : nil
            let first = generator.chance(0.7)
            let event = try JournalEvent(
                sequence: sequence, id: id, at: at, recorded: recorded, command: command, emotion: generator.pick(Emotion.allCases),
                old: old, new: new, note: generator.chance(0.3) ? generator.pick(["long day", "ça va — merci", "a \"quoted\" word", "x,\"group\":\"y", "title\nbody"]) : nil,
                group: first ? id : EventID(recordedAt: 5, using: &generator),
                reverts: command.isReverting ? EventID(recordedAt: 9, using: &generator) : nil,
                latest: latest, eventsInCommand: first && generator.chance(0.3) ? Int.random(in: 2...60, using: &generator) : nil,
                block: generator.chance(0.2) ? generator.pick([0, 9, Int64.random(in: 0...999_999_999_999_999_999, using: &generator)]) : nil)
            let line = event.jsonLine
            // Every line the writer writes is read in place, a note it escapes too.
            guard let fast = self.read(line, memo: &memo) else {
                Issue.record("not read in place: \(line)")
                continue
            }
            read += 1
            let full = FeltLine(event, order: 7)
            #expect(fast.command == full.command && fast.emotion == full.emotion && fast.delta == full.delta, "\(line)")
            #expect(fast.at == full.at && fast.day == full.day && fast.latestRecording == full.latestRecording, "\(line)")
            #expect(fast.recording == full.recording && fast.block == full.block, "\(line)")
            let bytes = Array(line.utf8)
            expect(EventID(utf8: bytes[fast.groupStart..<(fast.groupStart + 26)]), equals: event.group, "\(line)")
            expect(fast.revertsStart.flatMap { EventID(utf8: bytes[$0..<($0 + 26)]) }, equals: event.reverts, "\(line)")
        }
        #expect(read > 2900)
    }

    @Test(arguments: [
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
    ])
    func aSoundLineIsRead(line: String) {
        var memo = FeltLine.DateMemo()
        expect(read(line, memo: &memo)?.emotion, equals: .sad)
    }

    @Test(arguments: [
        // A damaged field views need is left to the full parser, which names it.
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549-00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-02-30T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T24:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tip","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sadder","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"add","emotion":"sad","old":3,"new":3,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"reset","emotion":"sad","old":3,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"undo","emotion":"sad","old":3,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5","reverts":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"reset","emotion":"sad","old":3,"new":0,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5","recorded":"2016-11-24T08:24:16.549+00:00"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5","latest":"2016-11-22T08:24:16.549+00:00"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"} "#,
    ])
    func aLineWithADamagedFieldIsLeftToTheFullParser(line: String) {
        var memo = FeltLine.DateMemo()
        #expect(read(line, memo: &memo) == nil, "\(line)")
    }

    @Test(arguments: [
        // Lines whose head and tail are in form but that are no event: what views count must be what
        // `log` reads, so none of these may be counted in place.
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":5,"new":3,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"!!!!!!!!!!!!!!!!!!!!!!!!!!","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"!!!!!!!!!!!!!!!!!!!!!!!!!!"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"add","emotion":"sad","old":0,"new":999999999999999999,"GARBAGE!!","group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"x":[[[[[[,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"emotion":"happy","seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"note":"","seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        "{\"id\":\"01B284J3D5Z6BJH74W6EJGCYC5\",\"at\":\"2016-11-23T08:24:16.549+00:00\",\"command\":\"tap\",\"emotion\":\"sad\",\"old\":0,\"new\":1,\"note\":\"a\u{7F}b\",\"seq\":1,\"group\":\"01B284J3D5Z6BJH74W6EJGCYC5\"}",
        "{\"id\":\"01B284J3D5Z6BJH74W6EJGCYC5\",\"at\":\"2016-11-23T08:24:16.549+00:00\",\"command\":\"tap\",\"emotion\":\"sad\",\"old\":0,\"new\":1,\"note\":\"a\u{9B}b\",\"seq\":1,\"group\":\"01B284J3D5Z6BJH74W6EJGCYC5\"}",
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":0,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5","events":1}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC6","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5","events":2}"#,
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5","events":02}"#,
    ])
    func aLineTheFullParserRefusesIsNeverCountedInPlace(line: String) {
        expect((try? JournalEvent(journalLine: Array(line.utf8))), equals: nil, "\(line)")
        var memo = FeltLine.DateMemo()
        #expect(read(line, memo: &memo) == nil, "\(line)")
    }

    @Test func aNoteThatIsNotUTF8IsNeverCountedInPlace() {
        let line = Array(#"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"note":"a"#.utf8)
            + [0xFF] + Array(#"","seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#.utf8)
        expect((try? JournalEvent(journalLine: line)), equals: nil)
        var memo = FeltLine.DateMemo()
        #expect(line.withUnsafeBufferPointer { FeltLine($0, order: 7, day: &memo) } == nil)
    }
}
