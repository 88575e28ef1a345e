import EmotionKit

/// The process's exit status, from sysexits as swift-argument-parser uses them; the one place errors map to codes.
enum ExitCode {
    /// It worked.
    static let success: Int32 = 0
    /// A bug: an error no case below expects.
    static let internalError: Int32 = 70

    /// The status for an error: 64 usage, 65 bad data file, 73 cannot create or change, 74 other I/O, 75 lock timeout.
    static func status(for error: any Error) -> Int32 {
        switch error {
        case is UsageError, is TallyError:
            return 64
        case let error as StoreError:
            switch error {
            case .unreadableDataFile: return 65
            case .cannotCreate, .readOnly, .noHomeFolder: return 73
            case .inputOutput, .unsyncedChange, .cannotWatch: return 74
            case .lockTimeout: return 75
            }
        default:
            return internalError
        }
    }
}
