import EmotionKit

/// The file `import` reads: a path, or `-` for standard input, read whole up to `limit` bytes.
///
/// A path is opened as given, links followed (it is the user's own choice of file, as for `cat`);
/// a folder is refused with a message, and anything larger than `limit` is refused before it fills
/// memory. A FIFO or a terminal named as the file is read until it ends, as the user asked.
enum ImportInput {
    /// The largest file read: 64 MiB, some 300,000 changes, a lifetime of taps many times over.
    static let limit = 64 * 1024 * 1024

    /// The bytes of `path`, or of standard input for `-`.
    ///
    /// - Throws: `ImportInputError`.
    static func read(_ path: String) throws(ImportInputError) -> [UInt8] {
        let bytes: [UInt8]
        if path == "-" {
            do {
                bytes = try Syscall.readAll(Syscall.standardInput, limit: limit + 1, chunk: 64 * 1024, path: "standard input")
            } catch {
                throw .unreadable(path: "standard input", error)
            }
        } else {
            let file: Int32
            do {
                file = try Syscall.open(path, OpenFlags.readOnly)
            } catch {
                throw .unreadable(path: path, error)
            }
            defer { Syscall.close(file) }
            let status: FileStatus
            do {
                status = try Syscall.status(of: file, path: path)
            } catch {
                throw .unreadable(path: path, error)
            }
            guard status.kind != .folder else { throw .folder(path: path) }
            do {
                bytes = try Syscall.readAll(file, limit: limit + 1, chunk: 64 * 1024, path: path)
            } catch {
                throw .unreadable(path: path, error)
            }
        }
        guard bytes.count <= limit else { throw .tooLarge(path: path == "-" ? "standard input" : path) }
        return bytes
    }
}

/// Why the file `import` was given cannot be read; nothing was imported (exit 74).
enum ImportInputError: Error, Equatable, CustomStringConvertible {
    /// Opening or reading it failed.
    case unreadable(path: String, SystemError)
    /// It is a folder.
    case folder(path: String)
    /// It is larger than `ImportInput.limit`.
    case tooLarge(path: String)

    var description: String {
        switch self {
        case let .unreadable(path, error):
            "Cannot read \(path): \(error.reason). Nothing was imported; give a file 'emotions export' wrote, or - for standard input."
        case let .folder(path):
            "Cannot import \(path): it is a folder. Nothing was imported; give a file 'emotions export' wrote, or - for standard input."
        case let .tooLarge(path):
            "Cannot import \(path): it is larger than \(ImportInput.limit / 1024 / 1024) MiB, more than an export of any "
                + "history. Nothing was imported; split it (export --since/--until) or check it is the right file."
        }
    }
}
