/// A path to a file or folder, as the user, the environment or a link wrote it, with the few
/// operations the library needs to take it apart and put it together (swift-system's `FilePath`, cut down).
///
/// Paths are kept as written, never normalised: `a//b` and `./a` stay as they are, because the
/// messages that show them must show what the user typed. The working directory is `.`, and
/// joining a name to it gives the name alone.
package struct DataPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's text.
    package let string: String

    /// The path `string`.
    package init(_ string: String) {
        self.string = string
    }

    /// The path `value`.
    package init(stringLiteral value: String) {
        self.string = value
    }

    /// The path's text.
    package var description: String { string }

    /// Whether the path starts at `/` rather than at the working directory.
    package var isAbsolute: Bool { string.hasPrefix("/") }

    /// The folder the last name is in: `.` for a bare name, `/` for a name in `/`.
    package var folder: DataPath {
        guard let slash = string.lastIndex(of: "/") else { return "." }
        return slash == string.startIndex ? "/" : DataPath(String(string[..<slash]))
    }

    /// The names between slashes, without empty ones: `["home", "me"]` for `/home/me/`.
    package var components: [String] {
        string.split(separator: "/").map(String.init)
    }

    /// `name` in the folder this path's last name is in, the folder written as in this path:
    /// `name` alone for a bare name, `./name` for `./x`, `/name` for `/x`.
    package func sibling(named name: String) -> DataPath {
        guard let slash = string.lastIndex(of: "/") else { return DataPath(name) }
        let folder = string[...slash]
        // `//x` is in `/`, as `folder` says, and its sibling has always been written `/name`.
        return DataPath(folder == "//" ? "/" + name : String(folder) + name)
    }

    /// `name` in this folder, always written with the folder: `./name` in `.`, `/name` in `/`,
    /// `a/name` in `a` or `a/`. For paths shown as they were walked, where `./` must stay.
    package func child(_ name: String) -> DataPath {
        switch string {
        case "": DataPath("./" + name)
        default: DataPath(string.utf8.last == UInt8(ascii: "/") ? string + name : string + "/" + name)
        }
    }

    /// `name` in this folder, joined by one slash: `name` alone in `.` (or the empty path), this
    /// path itself for the name `.`; `destination` as it is if it is absolute.
    package func appending(_ name: String) -> DataPath {
        switch string {
        case _ where name == ".": self
        case _ where name.utf8.first == UInt8(ascii: "/"): DataPath(name)
        case "", ".": DataPath(name)
        default: DataPath(string.utf8.last == UInt8(ascii: "/") ? string + name : string + "/" + name)
        }
    }
}
