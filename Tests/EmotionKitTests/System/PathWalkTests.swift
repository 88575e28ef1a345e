@testable import EmotionKit
import Foundation
import Testing

/// Walking a path one name at a time: which links are followed, where a walk ends, and what it refuses.
@Suite struct PathWalkTests {
    private func walk(_ path: String, acceptsFolder: @escaping @Sendable (FileStatus) -> Bool = { _ in true })
        throws(PathWalk.Problem) -> PathWalk.Destination
    {
        let destination = try PathWalk(acceptsFolder: acceptsFolder).walk(path)
        FileSystem.live.close(destination.folder)
        return destination
    }

    @Test func anExistingFileEndsTheWalkInItsFolder() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("{}", to: "mood.json")
        let destination = try walk(path)
        expect(destination.name, equals: "mood.json")
        expect(destination.missingFolders, equals: [])
        expect(destination.status?.kind, equals: .regularFile)
        expect(destination.path, equals: path)
    }

    @Test func missingFoldersAreListedOutermostFirst() throws {
        let folder = try TemporaryFolder()
        let destination = try walk(folder.file("a/b/c/mood.json"))
        expect(destination.folder.path, equals: folder.path)
        expect(destination.missingFolders, equals: ["a", "b", "c"])
        expect(destination.name, equals: "mood.json")
        expect(destination.status, equals: nil)
    }

    @Test func aWalkThatRefusesNoFolderDoesNotLookAtTheRootAndKeepsALastFolderWhenAsked() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("a"), withIntermediateDirectories: false)
        let looks = Looks()
        var fileSystem = FileSystem.live
        fileSystem.status = { file throws(SystemError) in
            looks.add(file.path)
            return try FileSystem.live.status(file)
        }
        let destination = try PathWalk(fileSystem: fileSystem).walk(folder.file("a"), keepingFolder: true)
        defer { FileSystem.live.close(destination.folder) }
        #expect(!looks.paths.contains("/"), "nothing to judge it by")
        expect(destination.name, equals: "a")
        let opened = try #require(destination.opened)
        defer { FileSystem.live.close(opened) }
        expect(opened.path, equals: folder.file("a"))
        try expect(FileSystem.live.status(opened).identity, equals: destination.status?.identity)
        try expect(walk(folder.file("a")).opened, equals: nil, "closed unless asked for")
    }

    /// A folder holding `a/b/mood.json`, `linked` (a link to `a/b`) and `a/b/link.json` (a link to `mood.json`).
    private static func folderWithLinks() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("a/b"), withIntermediateDirectories: true)
        _ = try folder.write("{}", to: "a/b/mood.json")
        try FileManager.default.createSymbolicLink(atPath: folder.file("linked"), withDestinationPath: "a/b")
        try FileManager.default.createSymbolicLink(atPath: folder.file("a/b/link.json"), withDestinationPath: "mood.json")
        return folder
    }

    /// The walk in one `openat2` (no folder to judge, no link on the way) ends where the walk of a
    /// name at a time does, for every kind of path; the folder it gives is the same folder.
    @Test(arguments: [
        "a/b/mood.json", "a/b/missing.json", "a/missing/mood.json", "a//b/./mood.json", "a/b/", "a/b",
        "linked/mood.json", "a/b/link.json", "a/b/../b/mood.json", "a/b/mood.json/",
        // A NUL (a library caller's path, or a sync folder read from JSON's \u0000) ends a name in C.
        "a\u{0}x/b/mood.json",
    ])
    func theWalkWithoutLinksEndsWhereTheNameByNameWalkEnds(relative: String) throws {
        let folder = try PathWalkTests.folderWithLinks()
        let path = folder.file(relative)
        let fast = Result { () throws(PathWalk.Problem) in try PathWalk().walk(path) }
        let slow = Result { () throws(PathWalk.Problem) in try PathWalk(acceptsFolder: { _ in true }).walk(path) }
        switch (fast, slow) {
        case let (.success(fast), .success(slow)):
            defer { FileSystem.live.close(fast.folder); FileSystem.live.close(slow.folder) }
            expect(fast.folder.path, equals: slow.folder.path)
            try expect(FileSystem.live.status(fast.folder).identity, equals: FileSystem.live.status(slow.folder).identity)
            expect(fast.missingFolders, equals: slow.missingFolders)
            expect(fast.name, equals: slow.name)
            expect(fast.status, equals: slow.status)
            expect(fast.path, equals: slow.path)
        case let (.failure(fast), .failure(slow)):
            expect(fast, equals: slow)
        default:
            Issue.record("\(relative): \(fast) against \(slow)")
        }
    }

    /// Kept open (a sync folder), the last folder the walk in one `openat2` gives is the one the
    /// name-by-name walk keeps, or none when that keeps none; a link at the end is judged name by name.
    @Test(arguments: ["a/b", "a/b/", "a/b/mood.json", "a/missing", "linked", "a/b/link.json", "a\u{0}x/b"])
    func theWalkWithoutLinksKeepsTheFolderTheNameByNameWalkKeeps(relative: String) throws {
        let folder = try PathWalkTests.folderWithLinks()
        let path = folder.file(relative)
        let fast = Result { () throws(PathWalk.Problem) in try PathWalk().walk(path, keepingFolder: true) }
        let slow = Result { () throws(PathWalk.Problem) in
            try PathWalk(acceptsFolder: { _ in true }).walk(path, keepingFolder: true)
        }
        switch (fast, slow) {
        case let (.success(fast), .success(slow)):
            defer { [fast.folder, slow.folder, fast.opened, slow.opened].compactMap { $0 }.forEach(FileSystem.live.close) }
            try expect(FileSystem.live.status(fast.folder).identity, equals: FileSystem.live.status(slow.folder).identity)
            #expect(fast.path == slow.path && fast.name == slow.name && fast.status == slow.status)
            expect(fast.opened?.path, equals: slow.opened?.path)
            try expect(fast.opened.map { try FileSystem.live.status($0).identity }, equals: slow.opened.map { try FileSystem.live.status($0).identity })
        case let (.failure(fast), .failure(slow)):
            expect(fast, equals: slow)
        default:
            Issue.record("\(relative): \(fast) against \(slow)")
        }
    }

    @Test func aPathWithNoLinkIsWalkedWithoutOpeningANameAtATime() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("a/b"), withIntermediateDirectories: true)
        let path = try folder.write("{}", to: "a/b/mood.json")
        let looks = Looks()
        var fileSystem = FileSystem.live
        fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
            looks.add(name)
            return try FileSystem.live.openAt(folder, name, flags, mode)
        }
        let destination = try PathWalk(fileSystem: fileSystem).walk(path)
        defer { FileSystem.live.close(destination.folder) }
        expect(destination.status?.kind, equals: .regularFile)
        expect(destination.folder.path, equals: folder.file("a/b"))
        #expect(looks.paths.isEmpty, "opened name by name: \(looks.paths)")
        try expect(FileSystem.live.status(destination.folder).identity, equals: FileSystem.live.status(FileSystem.live.open(folder.file("a/b"), OpenFlags.linkItself, 0)).identity)
    }

    @Test func ownLinksAreFollowedToTheirDestinationEvenWhenItIsMissing() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: "dotfiles/real.json")
        let destination = try walk(folder.file("link"))
        expect(destination.missingFolders, equals: ["dotfiles"])
        expect(destination.name, equals: "real.json")
    }

    @Test func dotDotGoesToTheRealParentOfAFolderReachedThroughALink() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("deep/inner"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("short"), withDestinationPath: "deep/inner")
        _ = try folder.write("{}", to: "deep/x.json")
        let destination = try walk(folder.file("short/../x.json"))
        expect(destination.status?.kind, equals: .regularFile, "the kernel's lookup finds deep/x.json, and so must we")
    }

    @Test func aLinkLoopEndsWithELOOP() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("a"), withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: folder.file("b"), withDestinationPath: "a")
        #expect {
            try walk(folder.file("a"))
        } throws: { error in
            guard case let .system(system) = error as? PathWalk.Problem else { return false }
            return system.errno == ELOOP
        }
    }

    @Test func aFileInTheWayOfAFolderEndsWithENOTDIR() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("x", to: "file")
        #expect(throws: PathWalk.Problem.system(SystemError(call: "open", path: file, errno: ENOTDIR))) {
            try walk(file + "/mood.json")
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a link to another user"))
    func aLinkAnotherUserOwnsIsNotFollowed() throws {
        let folder = try TemporaryFolder()
        let secret = try folder.write("secret", to: "secret")
        let link = folder.file("mood.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: secret)
        expect(lchown(link, 65534, 65534), equals: 0)
        #expect(throws: PathWalk.Problem.foreignLink(path: link, owner: 65534)) { try walk(link) }
        // On the way to the file, too.
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.file("via"), withDestinationPath: "real")
        expect(lchown(folder.file("via"), 65534, 65534), equals: 0)
        #expect(throws: PathWalk.Problem.foreignLink(path: folder.file("via"), owner: 65534)) {
            try walk(folder.file("via/mood.json"))
        }
    }

    @Test func aFolderOnTheWayThatIsRefusedEndsTheWalk() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("open"), withIntermediateDirectories: false)
        expect(chmod(folder.file("open"), 0o777), equals: 0)
        #expect {
            try walk(folder.file("open/hooks")) { $0.permissions & 0o1002 != 0o002 }  // Sticky /tmp passes.
        } throws: { error in
            guard case let .refusedFolder(path, status) = error as? PathWalk.Problem else { return false }
            return path == folder.file("open") && status.permissions == 0o777
        }
    }

    @Test func aRelativePathIsShownFromTheWorkingDirectory() throws {
        let destination = try walk("no-such-folder-here/mood.json")
        let here = FileManager.default.currentDirectoryPath
        expect(destination.path, equals: here + "/no-such-folder-here/mood.json")
    }
}

/// The paths a test's file system was asked the status of.
private final class Looks: @unchecked Sendable {
    private let lock = NSLock()
    private var looked: [String] = []

    func add(_ path: String) {
        lock.withLock { looked.append(path) }
    }

    var paths: [String] { lock.withLock { looked } }
}
