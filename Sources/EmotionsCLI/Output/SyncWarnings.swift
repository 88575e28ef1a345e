import EmotionKit

/// The sync warnings of a command that changes counts: its change stands here, and the user is told
/// what the sync folder could not take or give (missing, a planted link, a new id), on standard error.
enum SyncWarnings {
    /// Prints, on `terminal`'s standard error, each warning of every sync `store`'s updates make
    /// while the returned token lives.
    static func printing(for store: TallyStore, on terminal: Terminal) -> ObservationToken {
        store.observeSync { report in
            for warning in report.warnings {
                terminal.printError("Warning: " + ControlCharacters.escaped(in: warning))
            }
        }
    }
}
