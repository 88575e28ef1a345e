extension SyncFolder {
    /// The whole lines of `entry`'s file from byte `offset`, at most `limit` bytes of them, and the
    /// offset just past the last: where the next read starts.
    ///
    /// A last line with no line break yet is left for a later read (the sync tool may still be
    /// delivering it), so `bytes` is empty and `end` is `offset` when nothing new has ended. At most
    /// `limit` bytes are held at once, whatever the file's size: a caller reads a large file by
    /// calling again from `end`. The file is opened afresh, by name, never through a link, and
    /// without waiting (a FIFO in its place is refused, not waited on).
    ///
    /// - Throws: `.notARegularFile`, `.foreignFile`; `.shorterThanRead` if the file now holds fewer
    ///   than `offset` bytes; `.lineTooLong` if `limit` bytes from `offset` hold no line break;
    ///   `.inputOutput` (`ENOENT` for a file gone since it was listed).
    package func read(_ entry: Entry, from offset: Int64, limit: Int) throws(SyncFolderError) -> (bytes: [UInt8], end: Int64) {
        let path = pathOf(entry.name)
        guard offset >= 0, limit > 0 else {
            throw .inputOutput(SystemError(call: "read", path: path, errno: Errno.invalidArgument))
        }
        let file = try openToRead(entry.name)
        defer { fileSystem.close(file) }
        let status = try checked(file, path: path)
        guard status.size >= offset else { throw .shorterThanRead(path: path, size: status.size, offset: offset) }
        let count = Int(min(Int64(limit), status.size - offset))
        guard count > 0 else { return ([], offset) }
        var bytes: [UInt8]
        do {
            bytes = try fileSystem.readAt(file, offset, count)
        } catch {
            throw .inputOutput(error)
        }
        guard let lastBreak = bytes.lastIndex(of: UInt8(ascii: "\n")) else {
            if bytes.count == limit { throw .lineTooLong(path: path, offset: offset, limit: limit) }
            return ([], offset)
        }
        bytes.removeSubrange((lastBreak + 1)...)
        return (bytes, offset + Int64(bytes.count))
    }

    /// `name`, opened for reading: never through a link, never waiting for a FIFO's writer.
    private func openToRead(_ name: String) throws(SyncFolderError) -> FileSystem.Descriptor {
        do {
            return try fileSystem.openAt(folder, name, OpenFlags.readOnly | OpenFlags.noFollow | OpenFlags.nonBlocking, 0)
        } catch {
            throw whyNotOpened(name, error)
        }
    }

    /// The status of the open `file`, if it is a plain file of ours (or the data file's owner's).
    func checked(_ file: FileSystem.Descriptor, path: String) throws(SyncFolderError) -> FileStatus {
        let status: FileStatus
        do {
            status = try fileSystem.status(file)
        } catch {
            throw .inputOutput(error)
        }
        if let problem = problem(with: status, at: path) { throw problem }
        return status
    }

    /// Why `name` could not be opened: what is there, if it is no plain file (a link gives
    /// `ELOOP`, a socket `ENXIO`, a folder opened for writing `EISDIR`), else `error`.
    func whyNotOpened(_ name: String, _ error: SystemError) -> SyncFolderError {
        if error.errno == Errno.tooManySymbolicLinkLevels { return .notARegularFile(path: error.path, .symbolicLink) }
        if let status = try? statusOf(name), status.kind != .regularFile {
            return .notARegularFile(path: error.path, status.kind)
        }
        return .inputOutput(error)
    }
}
