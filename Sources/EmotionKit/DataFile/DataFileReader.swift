/// The data file as it was read: its document, and its bytes and status to restore or keep.
struct DataFileSnapshot {
    /// What the file holds; all zero counts if there is no file.
    var document = TallyDocument()
    /// The file's bytes, to put back if a save cannot be flushed; `nil` if there is no file.
    var bytes: [UInt8]?
    /// Its status, which a save keeps; `nil` if there is no file.
    var status: FileStatus?
    /// Why the file may not be written, if it may not: its permissions, or read-only media.
    var writeRefusal: SystemError?
    /// Why the file cannot be read, if it is empty or all zero bytes: what a file renamed into place
    /// before its data reached the disk is after a power cut. The journal makes it again, if there
    /// is one; if not, this is the error.
    var lostToPowerCut: DataFileProblem?
}

/// Reads the data file: the one place that opens, checks and parses it, for `read()`, for an
/// update, and to tell why no lock file can be made beside it.
struct DataFileReader {
    let fileSystem: FileSystem

    /// Reads the data file, or `nil` if there is none; with `forWriting`, tells whether we may change
    /// it (`writeRefusal`), so that a file we may not change is refused before anything is written,
    /// unless the update turns out to change nothing.
    ///
    /// It is opened for reading only, even for an update: one opened for writing wakes everything
    /// that watches it when closed, as a change would, though nothing was written.
    ///
    /// It must be a regular file and, as root, have no other name: a hard link another user made
    /// to a system file in a folder they may write (`/tmp`) must not be read, let alone quoted in a message.
    func read(_ dataFile: NameInFolder, forWriting: Bool) throws(StoreError) -> DataFileSnapshot? {
        // Non-blocking, so that a FIFO put in the file's place after the walk cannot hang us.
        let flags = OpenFlags.nonBlocking | OpenFlags.noFollow
        let file: FileSystem.Descriptor
        var snapshot = DataFileSnapshot()
        do {
            file = try fileSystem.openAt(dataFile.folder, dataFile.name, OpenFlags.readOnly | flags, 0)
        } catch where error.errno == Errno.noSuchFileOrDirectory {
            return nil
        } catch where error.errno == Errno.noSuchDeviceOrAddress {
            // A socket, which no `open` opens: not a regular file, as its status would have said.
            throw .unreadableDataFile(path: dataFile.path, .notARegularFile(.other))
        } catch {
            throw .inputOutput(error)
        }
        defer { fileSystem.close(file) }
        let status = try fileSystem.fileStatus(file)
        guard status.kind == .regularFile else { throw .unreadableDataFile(path: file.path, .notARegularFile(status.kind)) }
        if Syscall.effectiveUser == 0, status.links > 1 { throw .hardLinkedFile(path: file.path, links: status.links) }
        snapshot.status = status
        if forWriting {
            do {
                try fileSystem.checkWritable(dataFile.folder, dataFile.name, status)
            } catch {
                snapshot.writeRefusal = error
            }
        }
        let bytes = try StoreError.wrapping(StoreError.inputOutput) { () throws(SystemError) in
            // The size it has, in one read: a data file is never written in place, only replaced whole
            // (a size of 0 may be a file of /proc, which says nothing of its size: read to the end).
            try fileSystem.read(file, status.size > 0 && status.size <= Int64(TallyDocument.sizeLimit) ? Int(status.size) : TallyDocument.sizeLimit + 1)
        }
        snapshot.bytes = bytes
        do throws(DataFileProblem) {
            snapshot.document = try TallyDocument(parsing: bytes)
        } catch {
            guard bytes.allSatisfy({ $0 == 0 }) else { throw .unreadableDataFile(path: file.path, error) }
            snapshot.lostToPowerCut = error
        }
        return snapshot
    }
}
