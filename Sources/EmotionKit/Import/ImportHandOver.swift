/// An import's batch as the store is handed it: taken out when the import is planned, so that once
/// its changes are written nothing else holds them, and the model counts without them in memory.
package final class ImportHandOver: @unchecked Sendable {  // `batch` is only touched under `lock`.
    private let lock = Lock()
    private var batch: ImportBatch?
    /// How many changes the batch holds.
    package let changeCount: Int

    /// Hands over `batch`.
    package init(_ batch: consuming ImportBatch) {
        changeCount = batch.changeCount
        self.batch = batch
    }

    /// The batch, the first time only.
    func take() -> ImportBatch? {
        lock.withLock {
            let taken = batch
            batch = nil
            return taken
        }
    }
}
