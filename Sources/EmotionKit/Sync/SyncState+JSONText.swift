extension SyncState {
    /// The `"sync"` value as the data file keeps it, on one line with no white space: the bytes of
    /// `json.minimalText`, written straight into a buffer. Every command of a synced history saves
    /// this; through `JSONValue` it cost a tap about 170,000 instructions of string appends.
    package var minimalJSON: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + 96 * (identities.count + read.entries.count + names.entries.count + sent.after.count))
        out += #"{"folder":"#.utf8
        JSONValue.appendString(folder, to: &out)
        out += #","name":"#.utf8
        JSONValue.appendString(name, to: &out)
        if let journalInode {
            out += #","journal":{"inode":"#.utf8
            SyncState.appendDecimal(journalInode, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out += #","identities":["#.utf8
        for (index, identity) in identities.enumerated() {
            out += index == 0 ? #"{"history":""#.utf8 : #",{"history":""#.utf8
            out += identity.history.description.utf8
            out += #"","since":"#.utf8
            SyncState.appendDecimal(identity.since, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out += #"],"sent":{"bytes":"#.utf8
        SyncState.appendDecimal(sent.bytes, to: &out)
        out += #","seq":"#.utf8
        SyncState.appendDecimal(sent.sequence, to: &out)
        out += #","size":"#.utf8
        SyncState.appendDecimal(sent.size, to: &out)
        out += #","after":"#.utf8
        SyncState.appendMarks(sent.after, to: &out)
        out += #"},"read":{"#.utf8
        for (index, entry) in read.entries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.appendString(entry.file, to: &out)
            out += #":{"bytes":"#.utf8
            SyncState.appendDecimal(entry.cursor.bytes, to: &out)
            out += #","line":"#.utf8
            SyncState.appendDecimal(entry.cursor.line, to: &out)
            out += #","hash":""#.utf8
            SyncState.appendHex(entry.cursor.hash, to: &out)
            out += #""}"#.utf8
        }
        out += #"},"aliases":["#.utf8
        for (index, alias) in aliases.enumerated() {
            out += index == 0 ? #"{"id":""#.utf8 : #",{"id":""#.utf8
            out += alias.id.description.utf8
            out += #"","history":""#.utf8
            out += alias.history.description.utf8
            out += #"","seq":"#.utf8
            SyncState.appendDecimal(alias.sequence, to: &out)
            out += #","after":"#.utf8
            SyncState.appendMarks(alias.after, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out += #"],"names":{"#.utf8
        for (index, entry) in names.entries.enumerated() {
            out += index == 0 ? #"""#.utf8 : #",""#.utf8
            out += entry.history.description.utf8
            out += #"":"#.utf8
            JSONValue.appendString(entry.name, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        if let listed {
            out += #","listed":"#.utf8
            listed.appendMinimalJSON(to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// `{"<id>":<seq>,…}` for `marks`, in their order.
    private static func appendMarks(_ marks: [HistoryMark], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (index, mark) in marks.enumerated() {
            out += index == 0 ? #"""#.utf8 : #",""#.utf8
            out += mark.history.description.utf8
            out += #"":"#.utf8
            appendDecimal(mark.seq, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `value` in decimal, as `String(value)` writes it.
    private static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
        out += String(decimal: Int(value)).utf8
    }

    /// `value` in decimal, as `String(value)` writes it.
    private static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        out += String(decimal: value).utf8
    }

    /// `value` in lower-case hexadecimal without leading zeros, as `String(value, radix: 16)` writes it.
    private static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            let digit = UInt8(rest % 16)
            digits.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            rest /= 16
        } while rest > 0
        out += digits.reversed()
    }
}
