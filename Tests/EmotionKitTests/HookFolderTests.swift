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

    @Test func somethingThatIsNotAFolderCannotBeListed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("not a folder", to: "hooks")
        #expect(throws: SystemError(call: "opendir", path: path, errno: ENOTDIR)) {
            try HookFolder(path: path).hooks()
        }
    }
}
