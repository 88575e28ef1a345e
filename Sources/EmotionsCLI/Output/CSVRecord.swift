/// One record of comma-separated values as RFC 4180 writes it: fields joined by `,`, the record
/// ended by CR LF; a field holding `,`, `"`, CR or LF put in double quotes, its quotes doubled.
///
/// Every other field is written as it is, so that numbers and times stay plain for a spreadsheet.
enum CSVRecord {
    /// The record of `fields`, its CR LF included.
    static func line(_ fields: [String]) -> String {
        var line = ""
        for (index, field) in fields.enumerated() {
            if index > 0 { line += "," }
            line += escaped(field)
        }
        line += "\r\n"
        return line
    }

    /// `field` as RFC 4180 writes it: as it is, or quoted with its quotes doubled if it holds a
    /// comma, a double quote, a carriage return or a line feed.
    static func escaped(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A })
        else { return field }
        var quoted = "\""
        for character in field.unicodeScalars {
            if character == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(character)
        }
        quoted += "\""
        return quoted
    }
}
