import Foundation
import Testing

/// `import` of an export made since issue 23, which names where each change was made: a union by id,
/// with the same meaning as sync, so machines that send each other exports agree whatever the order.
struct ImportUnionTests {
    private func write(_ sandbox: Sandbox, _ export: Outcome, name: String) throws -> String {
        let file = sandbox.capture.appendingPathComponent(name)
        try sandbox.write(export.stdout, to: file)
        return file.path
    }

    @Test func anExportImportedIntoAnEmptyHistoryGivesItsCountsAndLogAndAgainAddsNothing() async throws {
        let sandbox = try Sandbox()
        for arguments in [
            ["tap", "happy", "smile", "--note", "two at once"], ["add", "sad", "3", "--at", "2025-01-01T10:00"],
            ["reset", "sad"], ["undo"], ["redo"], ["tap", "neutral", "--at", "yesterday"], ["undo"], ["tap", "upset"],
        ] {
            try expect(await sandbox.run(arguments + ["-q"]).status, equals: 0)
        }
        let file = try write(sandbox, try await sandbox.run("export"), name: "desktop.jsonl")
        let other = sandbox.root.appendingPathComponent("laptop.json").path
        let imported = try await sandbox.run("import", file, "--file", other)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 9 changes"), "\(imported)")
        for command in [["stats", "--json"], ["log"], ["calendar"], ["log", "--json"]] {
            let here = try await sandbox.run(command)
            expectSuccess(try await sandbox.run(command + ["--file", other]), stdout: here.stdout)
        }
        let journal = sandbox.bytes(of: URL(fileURLWithPath: other + ".journal"))
        expectSuccess(try await sandbox.run("import", file, "--file", other), stdout: "Nothing to import: the file's 9 changes are already there.\n")
        expect(sandbox.bytes(of: URL(fileURLWithPath: other + ".journal")), equals: journal)
        // Undo is this history's own: the laptop made nothing, so it has nothing to undo.
        try expect(await sandbox.run("undo", "--file", other).status, equals: 1)
    }

    @Test func twoMachinesThatSendEachOtherExportsAgreeAndAResetKeepsWhatItHadNotSeen() async throws {
        let sandbox = try Sandbox()
        let laptop = sandbox.root.appendingPathComponent("laptop.json").path
        func send(from: String?, to: String?) async throws {
            let export = try await sandbox.run(["export"] + (from.map { ["--file", $0] } ?? []))
            let file = try write(sandbox, export, name: "export.jsonl")
            let outcome = try await sandbox.run(["import", file, "-q"] + (to.map { ["--file", $0] } ?? []))
            expect(outcome.status, equals: 0, "\(outcome)")
        }
        _ = try await sandbox.run("tap", "happy", "happy", "sad", "-q")
        _ = try await sandbox.run("add", "smile", "5", "-q")
        try await send(from: nil, to: laptop)
        // Meanwhile: the desktop resets happy (at 2) and undoes its add; the laptop taps happy and adds sad.
        _ = try await sandbox.run("reset", "happy", "-q")
        _ = try await sandbox.run("undo", "--at", "2020-01-01", "-q")  // --at is refused by undo: nothing happens.
        _ = try await sandbox.run("tap", "happy", "--file", laptop, "-q")
        _ = try await sandbox.run("add", "sad", "2", "--file", laptop, "-q")
        _ = try await sandbox.run("undo", "--file", laptop, "-q")  // The laptop's own add of sad.
        // Either order, twice over: both end alike. The reset had not seen the laptop's tap: it stands.
        try await send(from: laptop, to: nil)
        try await send(from: nil, to: laptop)
        try await send(from: laptop, to: nil)
        let here = try await sandbox.run("stats", "--json")
        let there = try await sandbox.run("stats", "--json", "--file", laptop)
        expect(here.stdout, equals: there.stdout, "\(here)\n\(there)")
        expect(here.stdout, equals: #"{"counts": {"happy": 1, "smile": 5, "neutral": 0, "upset": 0, "sad": 1}, "total": 7}"# + "\n")
    }

    @Test func aChangeWhoseIdTheHistoryHoldsForAnotherChangeIsRefused() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("add", "happy", "3", "-q")
        let export = try await sandbox.run("export")
        let edited = export.stdout.replacingOccurrences(of: #""new": 3"#, with: #""new": 7"#)
        let file = sandbox.capture.appendingPathComponent("edited.jsonl")
        try sandbox.write(edited, to: file)
        expectFailure(try await sandbox.run("import", file.path), status: 65, mentioning: ["line 1", "is in the history already for another change"])
    }

    @Test func countsFromBeforeHistoryStandWhenTheFirstChangeIsAnImport() async throws {
        let sandbox = try Sandbox()
        let laptop = sandbox.root.appendingPathComponent("laptop.json").path
        _ = try await sandbox.run("tap", "happy", "sad", "--file", laptop, "-q")
        _ = try await sandbox.run("reset", "happy", "--file", laptop, "-q")
        let file = try write(sandbox, try await sandbox.run("export", "--file", laptop), name: "laptop.jsonl")
        // A data file from an emotions older than the journal: counts, no history yet.
        try FileManager.default.createDirectory(at: sandbox.defaultDataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try sandbox.write(#"{"version": 1, "counts": {"happy": 4, "sad": 2}}"#, to: sandbox.defaultDataFile)
        // The laptop's reset had seen its own tap of happy, not the counts here: they stand.
        expectSuccess(try await sandbox.run("import", file), stdout: "Imported 3 changes: sad +1.\n")
        expectSuccess(
            try await sandbox.run("stats", "--json"),
            stdout: #"{"counts": {"happy": 4, "smile": 0, "neutral": 0, "upset": 0, "sad": 3}, "total": 7}"# + "\n")
    }
}
