import EmotionKit

/// The process's exit status, from sysexits as swift-argument-parser uses them; the one place errors map to codes.
enum ExitCode {
    /// It worked.
    static let success: Int32 = 0
    /// There was nothing to do: nothing to undo or redo. Nothing was changed.
    static let nothingToDo: Int32 = 1
    /// What was typed is wrong, or a count would go out of range (`EX_USAGE`).
    static let usage: Int32 = 64
    /// The data file cannot be used as ours (`EX_DATAERR`).
    static let dataError: Int32 = 65
    /// A bug: an error no case below expects (`EX_SOFTWARE`).
    static let internalError: Int32 = 70
    /// The operating system would not give what the tool needs: its arguments, or a free file descriptor (`EX_OSERR`).
    static let systemError: Int32 = 71
    /// A file or folder cannot be created or changed, or there is no home folder (`EX_CANTCREAT`).
    static let cannotCreate: Int32 = 73
    /// Another input or output error (`EX_IOERR`).
    static let inputOutput: Int32 = 74
    /// The lock was not obtained in time; trying again may work (`EX_TEMPFAIL`).
    static let tryAgain: Int32 = 75
    /// A path another user shapes could make the change unsafe, so it is refused (`EX_NOPERM`).
    static let notPermitted: Int32 = 77

    /// Every status the tool exits with, in order; the manual page and Documentation/Usage.md list each.
    static let all = [
        success, nothingToDo, usage, dataError, internalError, systemError, cannotCreate, inputOutput, tryAgain,
        notPermitted,
    ]

    /// The status for an error: 1 nothing to undo or redo, 64 usage (the parser's or a command's), 65 bad data file or
    /// import file, 73 cannot create or change, 74 other I/O (an import file that cannot be read among them),
    /// 71 arguments that could not be read or no file descriptor free, 75 lock timeout, 77 refused as unsafe.
    static func status(for error: any Error) -> Int32 {
        switch error {
        case is UsageError, is CommandError, is TallyError, is SyncError:
            return usage
        case is ImportError, is DaylioError:
            return dataError
        case is ProcessInput.UnreadableArguments:
            return systemError
        case is ImportInputError, is ImportSourceError:
            return inputOutput
        case let error as HistoryError:
            switch error {
            case .nothingToUndo, .nothingToRedo, .everythingRedone, .redoChainEnded: return nothingToDo
            case .placedInFuture, .badNote, .timeOutOfRange, .unknownCommand, .ambiguousCommand, .alreadyUndone, .undoneUndo:
                return usage
            }
        case let error as StoreError where error.descriptorShortage != nil:
            return systemError
        case let error as StoreError:
            switch error {
            case .unreadableDataFile, .unreadableJournal, .lostSyncedJournal, .journalMadeAgain, .tooLargeToSave: return dataError
            case .cannotCreate, .cannotOpenLock, .readOnly, .noHomeFolder: return cannotCreate
            case .foreignLink, .foreignFolder, .hardLinkedFile, .unsafeLockFile, .unsafeJournal, .foreignJournal:
                return notPermitted
            case .inputOutput, .unsyncedChange, .cannotWatch: return inputOutput
            case .lockTimeout: return tryAgain
            }
        default:
            return internalError
        }
    }
}
