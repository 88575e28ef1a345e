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
        try expect(Syscall.readAll(reader, limit: 30_000, path: "pipe"), equals: Array(bytes.prefix(30_000)))
        try expect(Syscall.readAll(reader, limit: 30_000, path: "pipe"), equals: Array(bytes.dropFirst(30_000)))
    }

    @Test func aFoldersNamesAreListedWithoutDotAndDotDot() throws {
        let folder = try TemporaryFolder()
        try folder.write("", to: "a")
        try folder.write("", to: ".hidden")
        try folder.write("", to: "..b")
        let descriptor = try Syscall.open(folder.path, OpenFlags.readOnly | OpenFlags.folder)
        defer { Syscall.close(descriptor) }
        let names = try Syscall.names(in: descriptor, path: folder.path).map { String(decoding: $0, as: UTF8.self) }
        expect(names.sorted(), equals: ["..b", ".hidden", "a"])
    }

    /// More names than one read of the folder's entries holds (4 KiB: about 50 of these), long ones,
    /// and one that is not UTF-8: every name once, byte for byte.
    @Test func aFolderOfManyLongNamesIsListedWhole() throws {
        let folder = try TemporaryFolder()
        let written = (0..<300).map { "\($0)-" + String(repeating: "n", count: $0 % 200) }
        for name in written { try folder.write("", to: name) }
        let notUTF8: [UInt8] = [0x66, 0xFF, 0xFE, 0x67]
        let descriptor = try Syscall.open(folder.path, OpenFlags.readOnly | OpenFlags.folder)
        defer { Syscall.close(descriptor) }
        let path = Array((folder.path + "/").utf8) + notUTF8 + [0]
        let made = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
        }
        try #require(made >= 0)
        Syscall.close(made)
        let names = try Syscall.names(in: descriptor, path: folder.path)
        expect(names.count, equals: written.count + 1)
        expect(Set(names), equals: Set(written.map { Array($0.utf8) } + [notUTF8]))
    }

    /// An open file's status, read with `statx` on Linux, is what `stat` says of its path, field for
    /// field, device included; it also says whether the file is unchangeable, which `stat` cannot.
    @Test func anOpenFilesStatusIsWhatStatSaysAndTellsWhetherItIsUnchangeable() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("{}", to: "file")
        let descriptor = try Syscall.open(path, OpenFlags.readOnly)
        defer { Syscall.close(descriptor) }
        let opened = try Syscall.status(of: descriptor, path: path)
        let named = try Syscall.status(ofPath: path)
        expect(opened, equals: named)
        #expect((opened.identity, opened.size, opened.modified, opened.links) == (named.identity, named.size, named.modified, named.links))
        expect(named.isUnchangeable, equals: nil)
        #if os(Linux)
        expect(opened.isUnchangeable, equals: false)
        #endif
    }

    @Test func aStatusTellsKindOwnerAndPermissions() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("{}", to: "file")
        expect(chmod(path, 0o640), equals: 0)
        let status = try Syscall.status(ofPath: path)
        expect(status.kind, equals: .regularFile)
        expect(status.permissions, equals: 0o640)
        expect(status.owner, equals: geteuid())
        try expect(Syscall.status(ofPath: folder.path).kind, equals: .folder)
    }

    /// A folder's time is a promise about its names only where this machine's kernel stamps every
    /// change to it. FAT and exFAT drives are also written by systems that leave a folder's time as it
    /// was made when a name is made in it (Windows' FAT driver), and FAT's root folder keeps no time.
    @Test func removableDrivesOtherSystemsWriteAreNotTakenForLocalFileSystems() {
        #expect(Syscall.isLocalFileSystem(type: 0xEF53), "ext4")
        #expect(Syscall.isLocalFileSystem(type: 0x0102_1994), "tmpfs")
        #expect(!Syscall.isLocalFileSystem(type: 0x4D44), "FAT")
        #expect(!Syscall.isLocalFileSystem(type: 0x2011_BAB0), "exFAT")
        #expect(!Syscall.isLocalFileSystem(type: 0x6969), "NFS")
        #expect(!Syscall.isLocalFileSystem(type: 0x6573_5546), "FUSE")
    }
}
