import Foundation
import Testing

/// The git remote the sync tests stand on: clones that each append only to their own file meet no
/// conflict and end with the same files, and one that edits the same file as another is told of a
/// conflict rather than passing it over. Under `CI=true` these run, and fail without git.
@Suite(.enabled(if: Shells.isInstalledOrRequired("git"), "git is not installed"))
struct GitRemoteHarnessTests {
    @Test func clonesAppendingEachToItsOwnFileNeverConflictAndEndWithTheSameFiles() async throws {
        let remote = try await GitRemote(clones: 2)
        for round in 1...3 {
            for clone in 0..<2 {
                try append("{\"round\":\(round)}\n", to: remote.clones[clone].appendingPathComponent("machine-\(clone).jsonl"))
                let outcome = try await remote.syncRound(clone: clone)
                #expect(outcome.committed, "\(outcome)")
                #expect(!outcome.conflicted, "\(outcome)")
            }
        }
        // The second clone pushed last: the first still needs one round, with nothing of its own.
        let last = try await remote.syncRound(clone: 0)
        #expect(!last.committed && !last.conflicted, "\(last)")

        let expected = "{\"round\":1}\n{\"round\":2}\n{\"round\":3}\n"
        for clone in 0..<2 {
            for file in 0..<2 {
                let path = remote.clones[clone].appendingPathComponent("machine-\(file).jsonl").path
                expect(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }, equals: expected)
            }
            #expect(try await remote.isClean(clone))
        }
        #expect(try await remote.head(of: 0) == remote.head(of: 1))
    }

    @Test func twoClonesChangingTheSameFileAreToldOfTheConflict() async throws {
        let remote = try await GitRemote(clones: 2)
        for clone in 0..<2 {
            try append("machine \(clone)\n", to: remote.clones[clone].appendingPathComponent("shared.jsonl"))
        }
        let first = try await remote.syncRound(clone: 0)
        #expect(first.committed && !first.conflicted, "\(first)")
        let second = try await remote.syncRound(clone: 1)
        expect(second.conflicts, equals: ["shared.jsonl"], "\(second)")
        // The rebase was aborted: the clone still has its own commit, unpushed, and no rebase under way.
        let status = try await remote.git(["status", "--porcelain=v2", "--branch"], in: remote.clones[1])
        #expect(status.stdout.contains("# branch.ab +1 -1"), "\(status)")
    }

    /// Appends `line` to `file`, creating it.
    private func append(_ line: String, to file: URL) throws {
        if !FileManager.default.fileExists(atPath: file.path) {
            FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
    }
}
