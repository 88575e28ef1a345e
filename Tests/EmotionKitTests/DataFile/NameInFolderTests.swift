import Foundation
import Testing
@testable import EmotionKit

struct NameInFolderTests {
    @Test func itsPathIsTheFoldersAndTheNameJoinedByOneSlash() {
        let name = { (folder: String) in NameInFolder(folder: FileSystem.Descriptor(raw: -1, path: folder), name: "e.json").path }
        expect(name("/home/me"), equals: "/home/me/e.json")
        expect(name("/home/me/"), equals: "/home/me/e.json")
        expect(name("/"), equals: "/e.json")
        expect(name("."), equals: "e.json")
        expect(name(""), equals: "e.json")
    }
}

extension NameInFolder {
    /// `name` in the folder at `path`, opened with the real file system for as long as `body` runs.
    static func opening<Result>(_ name: String, in path: String, _ body: (NameInFolder) throws -> Result) throws -> Result {
        let folder = try FileSystem.live.open(path, O_RDONLY | O_DIRECTORY, 0)
        defer { FileSystem.live.close(folder) }
        return try body(NameInFolder(folder: folder, name: name))
    }
}
