/// Where an export's bytes come from: a regular file, read twice (once to check and index its lines,
/// once to take in the changes the history lacks), so that its lines are never all held at once; or
/// bytes read whole, for standard input, a pipe or a test.
///
/// The file is held open from the first read to the last, so that a file renamed or removed in
/// between is still the one read; one changed in between is found by the second read (each line
/// taken in must still be the change the first read found there: `ImportSourceError.changed`).
package final class ExportSource: Sendable {
    /// The largest export read: 64 MiB, some 300,000 changes, a lifetime of taps many times over.
    package static let limit: Int64 = 64 * 1024 * 1024

    /// What the messages call it: the path given, or `standard input`.
    package let name: String
    /// The open file, or `nil` for bytes held.
    private let descriptor: Int32?
    /// The bytes, for a source that is not a regular file.
    private let held: [UInt8]

    /// A source of `bytes`, called `name` in messages.
    package init(bytes: [UInt8], name: String = "the export") {
        self.name = name
        descriptor = nil
        held = bytes
    }

    /// A source reading the regular file open as `descriptor`, which it closes when done.
    package init(file descriptor: Int32, name: String) {
        self.name = name
        self.descriptor = descriptor
        held = []
    }

    deinit {
        if let descriptor { Syscall.close(descriptor) }
    }

    /// Up to `count` bytes from `offset`, fewer only at the end.
    ///
    /// - Throws: `ImportSourceError.unreadable`.
    func bytes(at offset: Int64, count: Int) throws(ImportSourceError) -> ArraySlice<UInt8> {
        guard let descriptor else {
            guard offset < Int64(held.count) else { return [] }
            let start = Int(offset)
            return held[start..<min(held.count, start + count)]
        }
        do {
            return try Syscall.read(descriptor, count: count, at: offset, path: name)[...]
        } catch {
            throw .unreadable(name: name, error)
        }
    }

    /// All its bytes, for a reader that needs the whole file at once (`DaylioExport`); at most `limit`.
    ///
    /// - Throws: `ImportSourceError` for a source that cannot be read or is larger than `limit`.
    package func allBytes(chunk: Int = 1024 * 1024) throws(ImportSourceError) -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let next = try bytes(at: Int64(all.count), count: chunk)
            if next.isEmpty { return all }
            all += next
            if all.count > ExportSource.limit { throw .tooLarge(name: name) }
        }
    }

    /// Calls `body` with each line (without its `\n`, nor a `\r` before it), the offset it starts
    /// at and its number from 1, reading `chunk` bytes at a time; a byte order mark before the
    /// first line is passed over.
    ///
    /// - Throws: `ImportSourceError` for a source that cannot be read or is larger than `limit`,
    ///   or the `ImportError` `body` throws.
    func forEachLine(
        chunk: Int = 128 * 1024, _ body: (_ line: ArraySlice<UInt8>, _ offset: Int64, _ number: Int) throws(ImportError) -> Void
    ) throws {
        var buffer: [UInt8] = []
        var bufferStart: Int64 = 0  // The offset of `buffer`'s first byte.
        var lineStart = 0  // Where in `buffer` the next line starts.
        var searched = 0  // How far from `lineStart` the buffer holds no line break: a long line is searched once.
        var number = 0
        var ended = false
        var first = true
        while true {
            if ended, lineStart >= buffer.count { return }
            let lineBreak = ByteSearch.firstIndex(of: 0x0A, in: buffer[(lineStart + searched)...])
            if let end = lineBreak ?? (ended ? buffer.count : nil) {
                var line = buffer[lineStart..<end]
                var offset = bufferStart + Int64(lineStart)
                if first, line.starts(with: [0xEF, 0xBB, 0xBF]) {  // A byte order mark some editors add.
                    line = line.dropFirst(3)
                    offset += 3
                }
                first = false
                number += 1
                lineStart = end + 1
                searched = 0
                if line.last == 0x0D { line = line.dropLast() }  // A file that went through Windows.
                try body(line, offset, number)
                continue
            }
            // Keep the start of a line not yet ended, then read on; one longer than any line read is
            // measured without being kept, and refused.
            searched = buffer.count - lineStart
            if searched > JournalEvent.lineLimit + 4 {  // Room for a byte order mark and a carriage return.
                let length = try lengthOfLine(startingWith: searched, at: bufferStart + Int64(buffer.count), chunk: chunk)
                throw ImportError.badLine(line: number + 1, .tooLong(bytes: length))
            }
            bufferStart += Int64(lineStart)
            buffer.removeSubrange(0..<lineStart)
            lineStart = 0
            let next = try bytes(at: bufferStart + Int64(buffer.count), count: chunk)
            if next.isEmpty { ended = true }
            buffer += next
            if bufferStart + Int64(buffer.count) > ExportSource.limit { throw ImportSourceError.tooLarge(name: name) }
        }
    }
}

extension ExportSource {
    /// The length of a line of which `known` bytes were read, read on from `offset` to its line
    /// break or the end without keeping what is read.
    ///
    /// - Throws: `ImportSourceError` for a source that cannot be read or is larger than `limit`.
    fileprivate func lengthOfLine(startingWith known: Int, at offset: Int64, chunk: Int) throws(ImportSourceError) -> Int {
        var length = known
        var offset = offset
        while true {
            let next = try bytes(at: offset, count: chunk)
            if let lineBreak = ByteSearch.firstIndex(of: 0x0A, in: next) { return length + (lineBreak - next.startIndex) }
            if next.isEmpty { return length }
            length += next.count
            offset += Int64(next.count)
            if offset > ExportSource.limit { throw .tooLarge(name: name) }
        }
    }
}

/// Why an export's bytes could not be read: nothing was imported (exit 74).
package enum ImportSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Reading it failed.
    case unreadable(name: String, SystemError)
    /// It is larger than `ExportSource.limit`.
    case tooLarge(name: String)
    /// Its line `line` is no longer the change it was when the file was first read: something wrote to it meanwhile.
    case changed(name: String, line: Int)

    /// What went wrong, and that nothing was imported.
    package var description: String {
        switch self {
        case let .unreadable(name, error):
            "Cannot read \(name): \(error.reason). Nothing was imported; give a file 'emotions export' wrote, or - for standard input."
        case let .tooLarge(name):
            "Cannot import \(name): it is larger than \(ExportSource.limit / 1024 / 1024) MiB, more than an export of any "
                + "history. Nothing was imported; split it (export --since/--until) or check it is the right file."
        case let .changed(name, line):
            "Cannot import \(name): its line \(line) changed while it was being imported. Nothing was imported; import it "
                + "again once nothing writes to it."
        }
    }
}
