import EmotionKit
import Foundation
import Testing

/// Who owns a hook, the folders and links on its way and its `#!` interpreter, read through the
/// file system seam: a file made to seem another user's is distrusted, without root or a second user.
@Suite struct HookOwnershipTests {
    /// Another user's ID, which no test runs as.
    static let stranger: UInt32 = 1234

    @Test func aHookAnotherUserOwnsIsListedWithItsDistrust() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("mine", "#!/bin/sh\n")
        let theirs = try folder.writeHook("theirs", "#!/bin/sh\n")
        let hooks = HookFolder(path: folder.file("hooks"), fileSystem: seeming(theirs, ownedBy: Self.stranger))

        let listed = try hooks.hooks()
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o755, owner: Self.stranger, group: 0), user: geteuid()))
        expect(listed.map(\.name), equals: ["mine", "theirs"])
        expect(listed.map(\.distrust), equals: [nil, distrust])
        expect(listed.map(\.isTrusted), equals: [true, false])
    }

    @Test func aHooksFolderAnotherUserOwnsAndItsGroupMayWriteIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n")
        let path = folder.file("hooks")
        let hooks = HookFolder(path: path, fileSystem: seeming(path, ownedBy: Self.stranger, permissions: 0o775))

        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o775, owner: Self.stranger, group: 0), user: geteuid()))
        #expect(throws: HookFolder.Problem.untrusted(distrust)) { try hooks.hooks() }
    }

    @Test(arguments: [0o775, 0o757] as [UInt32])
    func aFolderOnTheWayThatOthersMayWriteToIsNotTrusted(permissions: UInt32) throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n", in: "way/hooks")
        let way = folder.file("way")
        let hooks = HookFolder(path: folder.file("way/hooks"), fileSystem: seeming(way, ownedBy: geteuid(), permissions: permissions))

        let distrust = try #require(HookDistrust(FileStatus(permissions: permissions, owner: geteuid(), group: 0), user: geteuid()))
        #expect(throws: HookFolder.Problem.untrustedPath(.folder(path: way, distrust))) { try hooks.hooks() }
    }

    @Test func aFolderOnTheWayAnotherUserOwnsIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n", in: "way/hooks")
        let way = folder.file("way")
        expect(chmod(way, 0o755), equals: 0)
        let hooks = HookFolder(path: folder.file("way/hooks"), fileSystem: seeming(way, ownedBy: Self.stranger))

        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o755, owner: Self.stranger, group: 0), user: geteuid()))
        #expect(throws: HookFolder.Problem.untrustedPath(.folder(path: way, distrust))) { try hooks.hooks() }
    }

    @Test func aLinkedHookAnotherUserOwnsIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("mine", "#!/bin/sh\n")
        let target = try folder.writeHook("target", "#!/bin/sh\n", in: "bin")
        let link = folder.file("hooks/theirs")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let hooks = HookFolder(path: folder.file("hooks"), fileSystem: seeming(link, ownedBy: Self.stranger))

        let listed = try hooks.hooks()
        expect(listed.map(\.name), equals: ["mine", "theirs"])
        expect(listed.map(\.pathDistrust), equals: [nil, .foreignLink(path: link, owner: Self.stranger)])
        expect(listed.map(\.isTrusted), equals: [true, false])
    }

    @Test func aHooksFolderReachedThroughALinkAnotherUserOwnsIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n", in: "real")
        let link = folder.file("hooks")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("real"))
        let hooks = HookFolder(path: link, fileSystem: seeming(link, ownedBy: Self.stranger))

        #expect(throws: HookFolder.Problem.untrustedPath(.foreignLink(path: link, owner: Self.stranger))) {
            try hooks.hooks()
        }
    }

    @Test func aHookWhoseInterpreterAnotherUserOwnsIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        let interpreter = try folder.writeHook("interpreter", "#!/bin/sh\n", in: "bin")
        try folder.writeHook("runs", "#!" + interpreter + " -e\n")
        let hooks = HookFolder(path: folder.file("hooks"), fileSystem: seeming(interpreter, ownedBy: Self.stranger))

        let listed = try hooks.hooks()
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o755, owner: Self.stranger, group: 0), user: geteuid()))
        expect(listed.map(\.pathDistrust), equals: [.interpreter(interpreter, why: "is \(distrust)")])
        expect(listed.map(\.isTrusted), equals: [false])
    }

    @Test func theSameFilesWithTheirRealOwnersAreTrusted() throws {
        let folder = try TemporaryFolder()
        let interpreter = try folder.writeHook("interpreter", "#!/bin/sh\n", in: "bin")
        try folder.writeHook("runs", "#!" + interpreter + "\n", in: "way/hooks")
        expect(chmod(folder.file("way"), 0o755), equals: 0)
        let hooks = HookFolder(path: folder.file("way/hooks"), fileSystem: seeming("/nothing/at/all", ownedBy: Self.stranger))

        try expect(hooks.hooks().map(\.isTrusted), equals: [true])
    }

    /// The real file system, except that the file, folder or link at `path` seems owned by `owner`,
    /// with `permissions` if given.
    private func seeming(_ path: String, ownedBy owner: UInt32, permissions: UInt32? = nil) -> FileSystem {
        let live = FileSystem.live
        var fileSystem = live
        fileSystem.status = { file throws(SystemError) in
            var status = try live.status(file)
            if file.path == path {
                status.owner = owner
                if let permissions { status.permissions = permissions }
            }
            return status
        }
        return fileSystem
    }
}
