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

    /// The bytes of a file, or nil if it does not exist.
    func bytes(of path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
