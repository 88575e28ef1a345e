/// Where the tool read a piece of text: one of its arguments or an environment variable, and
/// whether that text names a file, which decides what a message about it advises.
enum InputSource: Equatable, Sendable, CustomStringConvertible {
    /// The argument at this position, from 1 for the first after the tool's name; `isPath` when it
    /// is the value of an option that takes a path, such as `--file`.
    case argument(Int, isPath: Bool)
    /// The environment variable of this name; `isPath` for those that hold a path, such as `HOME`.
    case variable(String, isPath: Bool)

    /// Whether the text names a file or folder.
    var isPath: Bool {
        switch self {
        case let .argument(_, isPath), let .variable(_, isPath): isPath
        }
    }

    /// `argument 2`, `environment variable HOME`.
    var description: String {
        switch self {
        case let .argument(position, _): "argument \(position)"
        case let .variable(name, _): "environment variable \(name)"
        }
    }
}
