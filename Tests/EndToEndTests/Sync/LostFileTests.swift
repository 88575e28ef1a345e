import Foundation
import Testing

/// A history's own file lost or rolled back in the folder (a restore, a sync tool's mistake, a crash
/// before the sync tool saw the end): the next command sends it again, the same bytes.
@Suite struct LostFileTests {
    /// One machine syncing, having tapped three times; its own file and that file's bytes.
    private func published() async throws -> (Machines, URL, Data) {
        let machines = try Machines(1)
        try await machines.joinAll()
        for emotion in ["happy", "sad", "happy"] {
            expectSuccess(try await machines[0].run("tap", emotion, "-q"), stdout: "")
        }
        let file = try #require(machines.historyFiles().first)
        return (machines, file, try Data(contentsOf: file))
    }

    @Test func aDeletedOwnFileIsSentAgainWithTheSameBytesAndThenTheNewLines() async throws {
        let (machines, file, before) = try await published()
        try FileManager.default.removeItem(at: file)
        expectSuccess(try await machines[0].run("tap", "smile", "-q"), stdout: "")
        let after = try Data(contentsOf: file)
        #expect(after.count > before.count && after.starts(with: before), "\(String(decoding: after, as: UTF8.self))")
        expect(after.split(separator: 0x0A).count, equals: before.split(separator: 0x0A).count + 1)
    }

    @Test(arguments: [0, 1, 2])
    func anOwnFileCutShortIsMadeWholeAgainByTheNextCommand(cut: Int) async throws {
        let (machines, file, before) = try await published()
        let lines = before.split(separator: 0x0A)
        // 0: cut mid-line in the last line; 1: cut at a line's end; 2: cut to nothing but half the header.
        let size: Int
        switch cut {
        case 0: size = before.count - lines[lines.count - 1].count / 2
        case 1: size = lines[0].count + 1 + lines[1].count + 1
        default: size = lines[0].count / 2
        }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        expectSuccess(try await machines[0].run("tap", "upset", "-q"), stdout: "")
        let after = try Data(contentsOf: file)
        #expect(after.count > before.count && after.starts(with: before), "\(String(decoding: after, as: UTF8.self))")
        expect(after.split(separator: 0x0A).count, equals: lines.count + 1)
        // A plain read command also puts it right.
        try FileManager.default.removeItem(at: file)
        let stats = try await machines[0].run("stats", "--json")
        expect(stats.status, equals: 0, "\(stats)")
        try expect(Data(contentsOf: file), equals: after)
    }
}
