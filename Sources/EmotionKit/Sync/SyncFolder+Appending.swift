extension SyncFolder {
    /// Appends `bytes`, whole lines, to `history`'s own file, which must hold exactly
    /// `expectedSize` bytes; returns its size after (`expectedSize` and the bytes written). The file
    /// is made (mode 0600, given to the data file's owner where we may) if it does not exist and
    /// `expectedSize` is 0.
    ///
    /// Nothing is written unless the file is the size this history left it at: shorter (rolled back
    /// by a restore, cut short by a crash, removed), the caller sends what it lacks again; longer,
    /// something else wrote to our file (a copied history). Either way the caller decides, from
    /// `.sizeMismatch`. A write that fails half way is cut back to `expectedSize`, so that no part
    /// of a line stays behind.
    ///
    /// Not flushed to disk (no `fsync`): the journal beside the data file is the durable copy, and
    /// a file here that lost its end in a power cut is found shorter, and sent again, by the next
    /// sync. One process appends at a time: the caller holds the data file's lock.
    ///
    /// - Throws: `.sizeMismatch`; `.notARegularFile` for a link, folder or FIFO in the file's place
    ///   (never followed); `.foreignFile`; `.hardLinked` (root only); `.cannotCreate`; `.inputOutput`.
    package func append(_ bytes: [UInt8], to history: HistoryID, expectedSize: Int64) throws(SyncFolderError) -> Int64 {
        let name = SyncFileName.name(of: history)
        let path = pathOf(name)
        let file = try openToAppend(name, expectedSize: expectedSize)
        defer { fileSystem.close(file) }
        let status = try checked(file, path: path)
        if user == 0, status.links > 1 { throw .hardLinked(path: path, links: status.links) }
        guard status.size == expectedSize else { throw .sizeMismatch(path: path, expected: expectedSize, actual: status.size) }
        guard !bytes.isEmpty else { return status.size }
        do {
            try fileSystem.write(file, bytes)
        } catch {
            // Cut back to the size the caller knows, so the next append finds it: a half line
            // is no one's, and any whole line written is sent again as the same bytes.
            try? fileSystem.truncate(file, expectedSize)
            throw .inputOutput(error)
        }
        // The size this append left, not asked again: bytes another writer put there meanwhile are
        // found by the next append's size check, not taken for ours.
        return expectedSize + Int64(bytes.count)
    }

    /// Our file, opened to append to; made if it is missing and `expectedSize` is 0.
    private func openToAppend(_ name: String, expectedSize: Int64) throws(SyncFolderError) -> FileSystem.Descriptor {
        let flags = OpenFlags.writeOnly | OpenFlags.append | OpenFlags.noFollow | OpenFlags.nonBlocking
        while true {
            do {
                return try fileSystem.openAt(folder, name, flags, 0)
            } catch where error.errno == Errno.noSuchFileOrDirectory {
                guard expectedSize == 0 else { throw .sizeMismatch(path: pathOf(name), expected: expectedSize, actual: 0) }
            } catch {
                throw whyNotOpened(name, error)
            }
            if let made = try make(name, flags: flags) { return made }
        }
    }

    /// A new, empty file `name`, mode 0600 whatever the umask, given to the data file's owner;
    /// `nil` if something appeared there since we looked.
    private func make(_ name: String, flags: Int32) throws(SyncFolderError) -> FileSystem.Descriptor? {
        let made: FileSystem.Descriptor
        do {
            made = try fileSystem.openAt(folder, name, flags | OpenFlags.create | OpenFlags.exclusive, 0o600)
        } catch where error.errno == Errno.fileExists {
            return nil
        } catch {
            throw .cannotCreate(error)
        }
        do {
            try ownership.give(to: made, using: fileSystem)
        } catch {
            fileSystem.close(made)
            throw .cannotCreate(error)
        }
        return made
    }
}
