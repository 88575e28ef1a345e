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
        expect(HookFolder(forDataFile: dataFile, explicitPath: explicitPath).path, equals: folder)
    }

    @Test func aMissingFolderHoldsNoHooks() throws {
        let folder = try TemporaryFolder()
        try expect(HookFolder(path: folder.file("hooks")).hooks(), equals: [])
    }

    @Test func hooksComeInByteOrderOfTheirNames() throws {
        let folder = try TemporaryFolder()
        for name in ["b", "é", "a", "B", "9", "10", "a b"] {
            try folder.writeHook(name, "#!/bin/sh\n")
        }
        let names = try HookFolder(path: folder.file("hooks")).hooks().map(\.name)
        expect(names, equals: ["10", "9", "B", "a", "a b", "b", "é"])
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
        expect(mkfifo(hooks + "/fifo", 0o755), equals: 0)

        let names = try HookFolder(path: hooks).hooks().map(\.name)
        expect(names, equals: ["link-to-runs", "owner-only", "runs", "~leading-tilde"])
    }

    @Test(arguments: [0o775, 0o757, 0o1777] as [mode_t])
    func aFolderOthersMayWriteToIsNotTrusted(permissions: mode_t) throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n")
        let hooks = folder.file("hooks")
        expect(chmod(hooks, permissions), equals: 0)
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
        expect(chown(folder.file("hooks"), 12345, 12345), equals: 0)
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
        expect(listed.map(\.name), equals: ["fine", "group-writable", "link-to-fine", "link-to-writable", "world-writable"])
        expect(listed.map { $0.distrust?.description }, equals: [
            nil, "writable by its group", nil, "writable by its group and by others", "writable by others",
        ])
    }

    @Test(.enabled(if: geteuid() == 0, "only root may give a file away"))
    func aHookAnotherUserOwnsIsListedWithItsDistrust() throws {
        let folder = try TemporaryFolder()
        let path = try folder.writeHook("theirs", "#!/bin/sh\n")
        expect(chown(path, 12345, 12345), equals: 0)
        let listed = try HookFolder(path: folder.file("hooks")).hooks()
        expect(listed.map { $0.distrust?.description }, equals: ["owned by user 12345"])
    }

    @Test func somethingThatIsNotAFolderCannotBeListed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("not a folder", to: "hooks")
        #expect(throws: HookFolder.Problem.unreadable(SystemError(call: "opendir", path: path, errno: ENOTDIR))) {
            try HookFolder(path: path).hooks()
        }
        #expect(throws: HookFolder.Problem.unreadable(SystemError(call: "open", path: path + "/hooks", errno: ENOTDIR))) {
            try HookFolder(path: path + "/hooks").hooks()
        }
    }

    // MARK: - The way there

    @Test func aFolderReachedThroughAFolderOthersMayWriteToIsNotTrustedUnlessThatFolderIsSticky() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n", in: "open/hooks")
        expect(chmod(folder.file("open"), 0o777), equals: 0)
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o777, owner: geteuid(), group: 0), user: geteuid()))
        #expect(throws: HookFolder.Problem.untrustedPath(.folder(path: folder.file("open"), distrust))) {
            try HookFolder(path: folder.file("open/hooks")).hooks()
        }
        // However it is named: through a link, or with `..`.
        try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: "open/hooks")
        #expect(throws: HookFolder.Problem.untrustedPath(.folder(path: folder.file("open"), distrust))) {
            try HookFolder(path: folder.file("link")).hooks()
        }
        // As /tmp: anyone may add a name there, but only its owner may rename or remove it.
        expect(chmod(folder.file("open"), 0o1777), equals: 0)
        try expect(HookFolder(path: folder.file("open/hooks")).hooks().map(\.name), equals: ["runs"])
    }

    @Test(.enabled(if: geteuid() == 0, "only root may give a link away"))
    func aFolderReachedThroughALinkAnotherUserOwnsIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("runs", "#!/bin/sh\n", in: "root-only")
        let link = folder.file("hooks")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("root-only"))
        expect(lchown(link, 65534, 65534), equals: 0)
        #expect(throws: HookFolder.Problem.untrustedPath(.foreignLink(path: link, owner: 65534))) {
            try HookFolder(path: link).hooks()
        }
    }

    @Test func aLinkedHookIsJudgedByEveryFolderOnItsWay() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("fine", "#!/bin/sh\n")
        try folder.writeHook("target", "#!/bin/sh\n", in: "open/bin")
        try folder.writeHook("target", "#!/bin/sh\n", in: "shared/bin")
        expect(chmod(folder.file("open"), 0o757), equals: 0)
        expect(chmod(folder.file("shared"), 0o1777), equals: 0)
        let hooks = folder.file("hooks")
        try FileManager.default.createSymbolicLink(atPath: hooks + "/through-open", withDestinationPath: "../open/bin/target")
        try FileManager.default.createSymbolicLink(atPath: hooks + "/through-shared", withDestinationPath: folder.file("shared/bin/target"))
        let listed = try HookFolder(path: hooks).hooks()
        expect(listed.map(\.name), equals: ["fine", "through-open", "through-shared"])
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o757, owner: geteuid(), group: 0), user: geteuid()))
        expect(listed.map(\.pathDistrust), equals: [nil, .folder(path: hooks + "/../open", distrust), nil])
        expect(listed.map(\.isTrusted), equals: [true, false, true])
    }

    @Test(.enabled(if: geteuid() == 0, "only root may give a link away"))
    func aLinkedHookAnotherUserOwnsIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        let target = try folder.writeHook("target", "#!/bin/sh\n", in: "bin")
        let link = folder.file("hooks/theirs")
        try FileManager.default.createDirectory(atPath: folder.file("hooks"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        expect(lchown(link, 65534, 65534), equals: 0)
        let listed = try HookFolder(path: folder.file("hooks")).hooks()
        expect(listed.map(\.pathDistrust), equals: [.foreignLink(path: link, owner: 65534)])
    }
}
