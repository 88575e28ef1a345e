import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/emotionkit-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// The names of the files in the folder, sorted.
    func contents(of folder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder ?? path).sorted()
    }

    /// Writes text to a file inside the folder.
    @discardableResult
    func write(_ text: String, to name: String = "emotions.json") throws -> String {
        let target = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Replaces a file inside the folder with one holding `text`, by a rename: never seen half written.
    func replace(_ text: String, at name: String = "emotions.json") throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)), options: .atomic)
    }

    /// Writes `text` over the start of an existing file in place, without emptying it first: given
    /// the bytes it holds, a write that leaves it as it was, but is seen as a write.
    func overwrite(_ text: String, at name: String = "emotions.json") throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file(name)))
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// The bytes of a file, or nil if it does not exist.
    func bytes(of path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
