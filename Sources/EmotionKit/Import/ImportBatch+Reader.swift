extension ImportBatch {
    /// Reads the lines of a batch's changes again, through a window of the file that moves on as
    /// they are asked for, so that changes asked for in the file's order cost one read per window.
    package struct Reader {
        /// The batch's file.
        private let source: ExportSource
        /// The bytes read last, and where in the file they start.
        private var window: ArraySlice<UInt8> = []
        private var windowStart: Int64 = 0
        /// How much is read at once: a line longer than this is read whole.
        private static let windowSize = 128 * 1024

        /// A reader of `source`.
        init(source: ExportSource) {
            self.source = source
        }

        /// A reader of `batch`'s file.
        init(_ batch: ImportBatch) {
            source = batch.source
        }

        /// The line of `change` as it reads now, checked to be the line the first read checked there,
        /// byte for byte (by its fingerprint): what the first read found of it (its time, command,
        /// note, what it reverts) is what is taken in.
        ///
        /// - Throws: `ImportSourceError.changed` for a line that is not that line any more, or
        ///   `.unreadable`.
        mutating func lineEvent(of change: Change) throws(ImportSourceError) -> JournalEvent {
            let changed = ImportSourceError.changed(name: source.name, line: Int(change.line))
            let bytes = try line(at: change.offset, length: change.length, line: Int(change.line))
            guard ImportBatch.fingerprint(of: bytes) == change.fingerprint, let event = try? JournalEvent(exportLine: Array(bytes)),
                event.id == change.id, (event.id == event.group) == change.isFirst
            else { throw changed }
            return event
        }

        /// The `length` bytes of line `number` at `offset`.
        private mutating func line(at offset: Int64, length: Int, line number: Int) throws(ImportSourceError) -> ArraySlice<UInt8> {
            let end = offset + Int64(length)
            if offset < windowStart || end > windowStart + Int64(window.count) {
                window = try source.bytes(at: offset, count: max(length, Reader.windowSize))
                windowStart = offset
                // A file cut since the first read.
                guard end <= windowStart + Int64(window.count) else { throw .changed(name: source.name, line: number) }
            }
            let from = window.startIndex + Int(offset - windowStart)
            return window[from..<from + length]
        }
    }

    /// The event `change` is taken in as: its line read again through `reader`, where it was made
    /// (for a change of the previous release's export, the address and command the union gave it).
    ///
    /// - Throws: `ImportSourceError` for a line that cannot be read again or changed since the first
    ///   read; `ImportError.unkeepable` for a change the journal cannot keep where it was made.
    func event(of change: Change, reader: inout Reader) throws -> JournalEvent {
        var event = try reader.lineEvent(of: change)
        let line = Int(change.line)
        if let origin = event.origin {
            guard change.history < histories.count, origin.history == histories[Int(change.history)], origin.sequence == change.sequence
            else { throw ImportSourceError.changed(name: source.name, line: line) }
        } else if change.history != ImportBatch.unaddressed, change.history < histories.count {
            let origin = EventOrigin(history: histories[Int(change.history)], sequence: change.sequence, after: afters[change.id] ?? [])
            do throws(JournalEventError) {
                event = try event.placed(
                    sequence: 1, old: event.old, new: event.new, group: event.group, eventsInCommand: event.eventsInCommand,
                    reverts: target(of: change) ?? event.reverts, latest: nil, origin: origin)
            } catch {
                throw ImportError.badLine(line: line, .invalidEvent(error))
            }
        }
        if let reason = FileIntake.unkeepable(event) { throw ImportError.unkeepable(line: line, reason: reason) }
        return event
    }
}
