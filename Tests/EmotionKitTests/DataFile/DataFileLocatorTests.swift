import Foundation
import Testing
@testable import EmotionKit

/// Path resolution alone: where the walk ends, what it refuses, which folders it makes and removes.
struct DataFileLocatorTests {
    private let locator = DataFileLocator(fileSystem: .live)

    @Test func aPathWhoseFoldersAreMissingEndsAtTheDeepestFolderThatExists() throws {
        let folder = try TemporaryFolder()
        let destination = try locator.locate(folder.file("a/b/emotions.json"), forUpdate: true)
        defer { FileSystem.live.close(destination.folder) }
        expect(destination.folder.path, equals: folder.path)
        expect(destination.missingFolders, equals: ["a", "b"])
        expect(destination.name, equals: "emotions.json")
        expect(destination.status, equals: nil)
        try expect(folder.contents(), equals: [], "locating made something")
    }

    @Test func anExistingFileIsFoundWithItsStatus() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {}}"#)
        let destination = try locator.locate(path, forUpdate: false)
        defer { FileSystem.live.close(destination.folder) }
        expect(destination.status?.kind, equals: .regularFile)
        expect(destination.missingFolders, equals: [])
    }

    @Test func aFolderInTheFilesPlaceIsNoDataFile() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("emotions.json"), withIntermediateDirectories: false)
        #expect(throws: StoreError.unreadableDataFile(path: folder.file("emotions.json"), .notARegularFile(.folder))) {
            try locator.locate(folder.file("emotions.json"), forUpdate: false)
        }
    }

    @Test func aFileInTheWayOfAFolderCannotBeReadOrCreated() throws {
        let folder = try TemporaryFolder()
        try folder.write("x", to: "a")
        let notAFolder = SystemError(call: "open", path: folder.file("a"), errno: ENOTDIR)
        #expect(throws: StoreError.inputOutput(notAFolder)) { try locator.locate(folder.file("a/emotions.json"), forUpdate: false) }
        #expect(throws: StoreError.cannotCreate(notAFolder)) { try locator.locate(folder.file("a/emotions.json"), forUpdate: true) }
    }

    @Test(.enabled(if: geteuid() == 0, "the rule is root's"))
    func rootLocatesNothingInAFolderAnotherUserOwns() throws {
        let folder = try TemporaryFolder()
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        expect(chown(home, 65534, 65534), equals: 0)
        #expect(throws: StoreError.foreignFolder(path: home, owner: 65534)) {
            try locator.locate(home + "/emotions.json", forUpdate: true)
        }
    }

    /// Makes the folders missing on `path`, then runs `body` with what was made and the data file's place.
    private func makeFolders(
        _ path: String, fileSystem: FileSystem = .live,
        _ body: (inout DataFileLocator.MadeFolders, NameInFolder) throws -> Void = { _, _ in }
    ) throws {
        let locator = DataFileLocator(fileSystem: fileSystem)
        let destination = try locator.locate(path, forUpdate: true)
        defer { FileSystem.live.close(destination.folder) }
        var made = DataFileLocator.MadeFolders()
        defer { made.close(with: .live) }
        let folder = try locator.makeFolders(destination, recording: &made)
        try body(&made, NameInFolder(folder: folder, name: destination.name))
    }

    @Test func missingFoldersAreMadePrivateWhateverTheUmaskAndRecorded() throws {
        let folder = try TemporaryFolder()
        let previous = umask(0o277)
        defer { umask(previous) }
        try makeFolders(folder.file("a/b/emotions.json")) { made, dataFile in
            expect(made.folders.map(\.name), equals: ["a", "b"])
            expect(dataFile.path, equals: folder.file("a/b/emotions.json"))
        }
        try expect(mode(folder.file("a")), equals: 0o700)
        try expect(mode(folder.file("a/b")), equals: 0o700)
    }

    @Test func aFolderAnotherProcessMadeFirstIsUsedButNotRecorded() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        fileSystem.makeFolderAt = { parent, name, mode throws(SystemError) in
            try FileSystem.live.makeFolderAt(parent, name, mode)
            throw SystemError(call: "mkdir", path: parent.path + "/" + name, errno: EEXIST)
        }
        try makeFolders(folder.file("a/emotions.json"), fileSystem: fileSystem) { made, dataFile in
            #expect(made.folders.isEmpty, "another process's folder would be removed")
            expect(dataFile.folder.path, equals: folder.file("a"))
        }
    }

    @Test func aFolderThatCannotBeMadeSaysSo() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        fileSystem.makeFolderAt = { parent, name, _ throws(SystemError) in
            throw SystemError(call: "mkdir", path: parent.path + "/" + name, errno: EACCES)
        }
        #expect(throws: StoreError.cannotCreate(SystemError(call: "mkdir", path: folder.file("a"), errno: EACCES))) {
            try makeFolders(folder.file("a/emotions.json"), fileSystem: fileSystem)
        }
    }

    @Test func aFolderThatIsNotEmptyWhenOpenedIsNotTakenForOurs() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        fileSystem.makeFolderAt = { parent, name, mode throws(SystemError) in
            try FileSystem.live.makeFolderAt(parent, name, mode)
            // Someone else's files, swapped in between the mkdir and the open.
            _ = FileManager.default.createFile(atPath: parent.path + "/" + name + "/notes", contents: nil)
        }
        try makeFolders(folder.file("a/emotions.json"), fileSystem: fileSystem) { made, _ in #expect(made.folders.isEmpty) }
    }

    @Test func unusedFoldersAreRemovedInnermostFirstUnlessTheDataFileExists() throws {
        let folder = try TemporaryFolder()
        try makeFolders(folder.file("a/b/emotions.json")) { made, dataFile in
            locator.removeUnused(&made, besides: dataFile)
            #expect(made.folders.isEmpty)
        }
        try expect(folder.contents(), equals: [])

        try makeFolders(folder.file("a/b/emotions.json")) { made, dataFile in
            try folder.write("{}", to: "a/b/emotions.json")
            locator.removeUnused(&made, besides: dataFile)
        }
        try expect(folder.contents(of: folder.file("a/b")), equals: ["emotions.json"], "a saved file's folders are in use")
    }

    @Test func removalStopsAtAFolderAnotherProcessUses() throws {
        let folder = try TemporaryFolder()
        try makeFolders(folder.file("a/b/emotions.json")) { made, dataFile in
            try folder.write("theirs", to: "a/notes")
            locator.removeUnused(&made, besides: dataFile)
        }
        try expect(folder.contents(of: folder.file("a")), equals: ["notes"])
    }

    private func mode(_ path: String) throws -> UInt32 {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return UInt32(status.st_mode & 0o7777)
    }
}
