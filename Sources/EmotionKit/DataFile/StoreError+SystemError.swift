extension StoreError {
    /// Runs `body`, turning the `SystemError` it throws into a `StoreError` with `wrap`: for a
    /// system call whose failure means one thing to the store.
    static func wrapping<Result>(
        _ wrap: (SystemError) -> StoreError, _ body: () throws(SystemError) -> Result
    ) throws(StoreError) -> Result {
        do {
            return try body()
        } catch {
            throw wrap(error)
        }
    }
}

extension FileSystem {
    /// The open file's status (`fstat`), a failure being `StoreError.inputOutput`.
    func fileStatus(_ file: Descriptor) throws(StoreError) -> FileStatus {
        try StoreError.wrapping(StoreError.inputOutput) { () throws(SystemError) in try status(file) }
    }
}
