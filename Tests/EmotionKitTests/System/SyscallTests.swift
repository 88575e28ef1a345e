import EmotionKit
import Foundation
import Testing

/// The thin wrappers over the C calls: what they return, and the errors they throw.
@Suite struct SyscallTests {
    @Test func aFailedCallSaysWhichCallOnWhatPathAndItsErrno() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("missing")
        #expect(throws: SystemError(call: "open", path: missing, errno: ENOENT)) {
            try Syscall.open(missing, OpenFlags.readOnly)
        }
        #expect(throws: SystemError(call: "stat", path: missing, errno: ENOENT)) { try Syscall.status(ofPath: missing) }
        #expect(Syscall.isMissing(missing))
        #expect(!Syscall.isMissing(folder.path))
    }

    @Test func whatIsWrittenAllIsReadBackUpToTheLimit() throws {
        let (reader, writer) = try Syscall.pipe()
        defer { Syscall.close(reader) }
        let bytes = Array((0..<40_000).map { UInt8(truncatingIfNeeded: $0) })
        try Syscall.writeAll(writer, bytes, path: "pipe")
        Syscall.close(writer)
        #expect(try Syscall.readAll(reader, limit: 30_000, path: "pipe") == Array(bytes.prefix(30_000)))
        #expect(try Syscall.readAll(reader, limit: 30_000, path: "pipe") == Array(bytes.dropFirst(30_000)))
    }

    @Test func aFoldersNamesAreListedWithoutDotAndDotDot() throws {
        let folder = try TemporaryFolder()
        try folder.write("", to: "a")
        try folder.write("", to: ".hidden")
        try folder.write("", to: "..b")
        let descriptor = try Syscall.open(folder.path, OpenFlags.readOnly | OpenFlags.folder)
        defer { Syscall.close(descriptor) }
        let names = try Syscall.names(in: descriptor, path: folder.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(names.sorted() == ["..b", ".hidden", "a"])
    }

    @Test func aStatusTellsKindOwnerAndPermissions() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("{}", to: "file")
        #expect(chmod(path, 0o640) == 0)
        let status = try Syscall.status(ofPath: path)
        #expect(status.kind == .regularFile)
        #expect(status.permissions == 0o640)
        #expect(status.owner == geteuid())
        #expect(try Syscall.status(ofPath: folder.path).kind == .folder)
    }
}
