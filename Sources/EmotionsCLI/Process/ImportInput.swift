import EmotionKit

/// The file `import` reads: a path, or `-` for standard input.
///
/// A path is opened as given, links followed (it is the user's own choice of file, as for `cat`);
/// a folder is refused with a message. A regular file is held open and read as `import` goes (twice:
/// see `ExportSource`); anything else (standard input, a FIFO, a terminal) is read until it ends, as
/// the user asked, and held. Anything larger than `ExportSource.limit` is refused before it fills memory.
enum ImportInput {
    /// The source of `path`, or of standard input for `-`.
    ///
    /// - Throws: `ImportInputError`.
    static func open(_ path: String) throws(ImportInputError) -> ExportSource {
        if path == "-" { return try held(Syscall.standardInput, name: "standard input") }
        let file: Int32
        do {
            file = try Syscall.open(path, OpenFlags.readOnly)
        } catch {
            throw .unreadable(path: path, error)
        }
        let status: FileStatus
        do {
            status = try Syscall.status(of: file, path: path)
        } catch {
            Syscall.close(file)
            throw .unreadable(path: path, error)
        }
        guard status.kind != .folder else {
            Syscall.close(file)
            throw .folder(path: path)
        }
        guard status.kind == .regularFile else {
            defer { Syscall.close(file) }
            return try held(file, name: path)
        }
        guard status.size <= ExportSource.limit else {
            Syscall.close(file)
            throw .tooLarge(path: path)
        }
        return ExportSource(file: file, name: path)
    }

    /// What `descriptor` gives until it ends, held, called `name`.
    private static func held(_ descriptor: Int32, name: String) throws(ImportInputError) -> ExportSource {
        let bytes: [UInt8]
        do {
            bytes = try Syscall.readAll(descriptor, limit: Int(ExportSource.limit) + 1, chunk: 64 * 1024, path: name)
        } catch {
            throw .unreadable(path: name, error)
        }
        guard bytes.count <= ExportSource.limit else { throw .tooLarge(path: name) }
        return ExportSource(bytes: bytes, name: name)
    }
}

/// Why the file `import` was given cannot be read; nothing was imported (exit 74).
enum ImportInputError: Error, Equatable, CustomStringConvertible {
    /// Opening or reading it failed.
    case unreadable(path: String, SystemError)
    /// It is a folder.
    case folder(path: String)
    /// It is larger than `ExportSource.limit`.
    case tooLarge(path: String)

    var description: String {
        switch self {
        case let .unreadable(path, error):
            ImportSourceError.unreadable(name: path, error).description
        case let .folder(path):
            "Cannot import \(path): it is a folder. Nothing was imported; give a file 'emotions export' wrote, or - for standard input."
        case let .tooLarge(path):
            ImportSourceError.tooLarge(name: path).description
        }
    }
}
