import EmotionKit
import Foundation
import Testing

/// Where the hooks folder is, and which of its entries are hooks.
@Suite struct HookFolderTests {
    @Test(arguments: [
        ("mood.json", nil, "hooks"), ("data/mood.json", nil, "data/hooks"), ("/home/me/.config/emotions/emotions.json", nil,
        "/home/me/.config/emotions/hooks"), ("/mood.json", nil, "/hooks"), ("mood.json", "", "hooks"),
        ("/a/mood.json", "elsewhere", "elsewhere"), ("/a/mood.json", "/etc/emotions-hooks", "/etc/emotions-hooks"),
    ] as [(String, String?, String)])
    func theFolderIsBesideTheDataFileUnlessChosen(dataFile: String, explicitPath: String?, folder: String) {
        #expect(HookFolder(forDataFile: dataFile, explicitPath: explicitPath).path == folder)
    }

    @Test func aMissingFolderHoldsNoHooks() throws {
        let folder = try TemporaryFolder()
        #expect(try HookFolder(path: folder.file("hooks")).hooks() == [])
    }

    @Test func hooksComeInByteOrderOfTheirNames() throws {
        let folder = try TemporaryFolder()
        for name in ["b", "é", "a", "B", "9", "10", "a b"] {
            try folder.writeHook(name, "#!/bin/sh\n")
        }
        let names = try HookFolder(path: folder.file("hooks")).hooks().map(\.name)
        #expect(names == ["10", "9", "B", "a", "a b", "b", "é"])
    }

    @Test func onlyExecutableRegularFilesWithoutALeadingDotOrTrailingTildeAreHooks() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n")
        try folder.writeHook("owner-only", "#!/bin/sh\n", permissions: 0o700)
        try folder.writeHook("not-executable", "#!/bin/sh\n", permissions: 0o644)
        try folder.writeHook(".hidden", "#!/bin/sh\n")
        try folder.writeHook("backup~", "#!/bin/sh\n")
        try folder.writeHook("~leading-tilde", "#!/bin/sh\n")
        let hooks = folder.file("hooks")
        try FileManager.default.createDirectory(atPath: hooks + "/a-folder", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: hooks + "/link-to-runs", withDestinationPath: "runs")
        try FileManager.default.createSymbolicLink(atPath: hooks + "/link-to-folder", withDestinationPath: "a-folder")
        try FileManager.default.createSymbolicLink(atPath: hooks + "/dangling", withDestinationPath: "nothing")
        try FileManager.default.createSymbolicLink(
            atPath: hooks + "/link-to-not-executable", withDestinationPath: "not-executable")
        #expect(mkfifo(hooks + "/fifo", 0o755) == 0)

        let names = try HookFolder(path: hooks).hooks().map(\.name)
        #expect(names == ["link-to-runs", "owner-only", "runs", "~leading-tilde"])
    }

    @Test(arguments: [0o775, 0o757, 0o1777] as [mode_t])
    func aFolderOthersMayWriteToIsNotTrusted(permissions: mode_t) throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n")
        let hooks = folder.file("hooks")
        #expect(chmod(hooks, permissions) == 0)
        let expected = try #require(HookDistrust(FileStatus(permissions: UInt32(permissions), owner: geteuid(), group: 0), user: geteuid()))
        #expect(throws: HookFolder.Problem.untrusted(expected)) { try HookFolder(path: hooks).hooks() }
        // A link to it is judged by the folder.
        let link = folder.file("link-to-hooks")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: hooks)
        #expect(throws: HookFolder.Problem.untrusted(expected)) { try HookFolder(path: link).hooks() }
    }

    @Test(.enabled(if: geteuid() == 0, "only root may give a file away"))
    func aFolderAnotherUserOwnsIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n")
        #expect(chown(folder.file("hooks"), 12345, 12345) == 0)
        #expect(throws: HookFolder.Problem.untrusted(
            try #require(HookDistrust(FileStatus(permissions: 0o755, owner: 12345, group: 0), user: 0)))) {
            try HookFolder(path: folder.file("hooks")).hooks()
        }
    }

    @Test func hooksOthersMayWriteToAreListedWithTheirDistrustAndTheRestWithout() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("fine", "#!/bin/sh\n")
        try folder.writeHook("group-writable", "#!/bin/sh\n", permissions: 0o775)
        try folder.writeHook("world-writable", "#!/bin/sh\n", permissions: 0o757)
        try folder.writeHook("world-writable-not-executable", "#!/bin/sh\n", permissions: 0o646)
        let target = try folder.writeHook("target", "#!/bin/sh\n", in: "elsewhere", permissions: 0o777)
        let hooks = folder.file("hooks")
        try FileManager.default.createSymbolicLink(atPath: hooks + "/link-to-fine", withDestinationPath: "fine")
        try FileManager.default.createSymbolicLink(atPath: hooks + "/link-to-writable", withDestinationPath: target)

        let listed = try HookFolder(path: hooks).hooks()
        #expect(listed.map(\.name) == ["fine", "group-writable", "link-to-fine", "link-to-writable", "world-writable"])
        #expect(listed.map { $0.distrust?.description } == [
            nil, "writable by its group", nil, "writable by its group and by others", "writable by others",
        ])
    }

    @Test(.enabled(if: geteuid() == 0, "only root may give a file away"))
    func aHookAnotherUserOwnsIsListedWithItsDistrust() throws {
        let folder = try TemporaryFolder()
        let path = try folder.writeHook("theirs", "#!/bin/sh\n")
        #expect(chown(path, 12345, 12345) == 0)
        let listed = try HookFolder(path: folder.file("hooks")).hooks()
        #expect(listed.map { $0.distrust?.description } == ["owned by user 12345"])
    }

    @Test func somethingThatIsNotAFolderCannotBeListed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("not a folder", to: "hooks")
        #expect(throws: HookFolder.Problem.unreadable(SystemError(call: "opendir", path: path, errno: ENOTDIR))) {
            try HookFolder(path: path).hooks()
        }
    }
}
