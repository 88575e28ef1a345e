extension TallyStore {
    /// Sets, moves or stops this history's sync folder, or syncs now (see `SyncRequest`): takes in the
    /// changes other histories' files hold that this one lacks, and sends this history's own.
    ///
    /// - Returns: what the sync did; `nil` after `.stop`.
    /// - Throws: `SyncError.noFolder` for `.now` with no folder set; `StoreError` if the data file or
    ///   the journal cannot be read or saved. A folder that cannot be used is no error: the report's
    ///   warnings say so, and the next sync tries again.
    @discardableResult
    public func sync(_ request: SyncRequest) throws -> SyncReport? {
        if case let .folder(path, name) = request {
            guard path.hasPrefix("/") else { throw SyncError.relativeFolder(path) }
            if let name {
                guard (1...64).contains(name.unicodeScalars.count), !name.unicodeScalars.contains(where: \.isTerminalControl),
                    !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                else { throw SyncError.badName(name) }
            }
        }
        return try commit(.sync(request)).sync
    }

    /// Where this history syncs, if it does: its folder and name; `nil` if it does not.
    public func syncFolder() throws(StoreError) -> (folder: String, name: String)? {
        guard let state = try readIfPresent()?.sync else { return nil }
        return (state.folder, state.name)
    }

    /// Takes in what the sync folder holds that this history lacks, if it syncs with one and
    /// something there grew: what every command does before it reads counts. Nothing is read or
    /// written when nothing grew.
    ///
    /// - Returns: the sync's report when something was taken in or sent; `nil` otherwise.
    /// A data file or journal that cannot be read is left for the command to report: nothing is taken in.
    @discardableResult
    public func takeInIfSynced() throws -> SyncReport? {
        try checkSync().report
    }

    /// `takeInIfSynced()`, keeping what it read: when nothing was taken in, `SyncCheck.counts` holds
    /// the counts it found, so a command that shows them reads the data file once, not twice.
    ///
    /// - Throws: what `takeInIfSynced()` throws, only when something was taken in.
    public func checkSync() throws -> SyncCheck {
        let document: TallyDocument?
        do {
            document = try readIfPresent()
        } catch {
            return SyncCheck(report: nil, counts: nil)  // Left for the command to report.
        }
        let unchanged = SyncCheck(report: nil, counts: document?.tally ?? Tally())
        guard let document, let state = document.sync else { return unchanged }
        let round = SyncRound(state: state, dataFileStatus: nil, fileSystem: fileSystem)
        guard round.hasNews(journalEnd: document.journal?.bytes ?? 0) else { return unchanged }
        return SyncCheck(report: try commit(.sync(.now)).sync, counts: nil)
    }
}
