/// The records of a comma-separated file as RFC 4180 reads them: fields split at `,`, a record
/// ended by CR LF or LF (or the end); a field in double quotes may hold commas, line breaks and
/// doubled quotes (`""`). A UTF-8 byte order mark before the first record is passed over, and an
/// empty line between records is skipped (a file some editor left a blank line at the end of).
///
/// Lenient where a spreadsheet is: a quote inside a field not started by one is kept as text.
/// Strict where text would be lost: a quoted field never closed, text after a closing quote, or
/// bytes that are not UTF-8 are refused, naming the line; so is a record of more than `fieldLimit` fields.
package struct CSVRecords {
    /// One record: its fields, and the line of the file it starts on, from 1.
    struct Record {
        /// The fields, as written, quotes undone.
        let fields: [String]
        /// The line it starts on.
        let line: Int
    }

    /// Why the bytes are not records.
    package enum Problem: Error, Equatable, Sendable {
        /// A field opened with a quote on `line` that the file never closes.
        case unclosedQuote(line: Int)
        /// A quoted field on `line` followed by something other than `,` or the end of the record.
        case textAfterQuote(line: Int)
        /// The record on `line` holds bytes that are not UTF-8.
        case notUTF8(line: Int)
        /// The record on `line` has more than `CSVRecords.fieldLimit` fields.
        case tooManyFields(line: Int)
    }

    /// The most fields a record may have: Daylio writes 8, and a line of a million commas would
    /// otherwise hold a million strings (a 60 MiB file took 2 GiB).
    static let fieldLimit = 1000

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// Records of `bytes`, from the start (after a byte order mark, if any).
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next record, or `nil` at the end.
    ///
    /// - Throws: `Problem`.
    mutating func next() throws(Problem) -> Record? {
        while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { skipLineEnd() }
        guard index < bytes.count else { return nil }
        let start = line
        var fields: [String] = []
        while true {
            let (field, ended) = try nextField(recordLine: start)
            fields.append(field)
            if ended { return Record(fields: fields, line: start) }
            guard fields.count < Self.fieldLimit else { throw .tooManyFields(line: start) }
        }
    }

    /// Steps over one line end: CR LF, LF, or a CR alone.
    private mutating func skipLineEnd() {
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        index += 1
        line += 1
    }

    /// The next field, and whether it ends its record.
    private mutating func nextField(recordLine: Int) throws(Problem) -> (String, ended: Bool) {
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
        var text: [UInt8] = []
        if index < bytes.count, bytes[index] == quote {
            let opened = line
            index += 1
            while true {
                guard index < bytes.count else { throw .unclosedQuote(line: opened) }
                let byte = bytes[index]
                if byte == quote {
                    if index + 1 < bytes.count, bytes[index + 1] == quote {
                        text.append(quote)
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                if byte == 0x0A || byte == 0x0D {
                    text.append(byte)
                    if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { text.append(0x0A); index += 1 }
                    index += 1
                    line += 1
                    continue
                }
                text.append(byte)
                index += 1
            }
            guard index >= bytes.count || bytes[index] == comma || bytes[index] == 0x0A || bytes[index] == 0x0D else {
                throw .textAfterQuote(line: line)
            }
        } else {
            let start = index
            while index < bytes.count, bytes[index] != comma, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            text = Array(bytes[start..<index])
        }
        guard let field = String(validating: text, as: UTF8.self) else { throw .notUTF8(line: recordLine) }
        if index < bytes.count, bytes[index] == comma {
            index += 1
            return (field, false)
        }
        if index < bytes.count { skipLineEnd() }
        return (field, true)
    }
}
