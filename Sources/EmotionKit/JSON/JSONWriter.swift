extension JSONValue {
    /// This value as JSON text: two-space indentation, or on one line with `pretty: false`.
    ///
    /// One-line output puts a space after each `:` and `,`, the way the command line prints JSON.
    package func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, style: pretty ? .pretty : .line, indent: 0)
        return output
    }

    /// This value as JSON text with no white space at all: how a data file keeps values it does not
    /// know, so that a rewrite never makes them larger than white space and escapes written short allow.
    package var minimalText: String {
        var output = ""
        write(to: &output, style: .minimal, indent: 0)
        return output
    }

    /// How containers are laid out.
    private enum Style {
        /// Two-space indentation, a member or element a line.
        case pretty
        /// One line, a space after each `:` and `,`.
        case line
        /// One line, no space at all.
        case minimal
    }

    private func write(to output: inout String, style: Style, indent: Int) {
        switch self {
        case .null: output += "null"
        case let .bool(value): output += value ? "true" : "false"
        case let .number(text): output += text
        case let .string(text): JSONValue.writeString(text, to: &output)
        case let .array(elements):
            writeContainer("[", "]", elements, to: &output, style: style, indent: indent) { element, output in
                element.write(to: &output, style: style, indent: indent + 1)
            }
        case let .object(members):
            writeContainer("{", "}", members, to: &output, style: style, indent: indent) { member, output in
                JSONValue.writeString(member.key, to: &output)
                output += style == .minimal ? ":" : ": "
                member.value.write(to: &output, style: style, indent: indent + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ open: String, _ close: String, _ elements: [Element], to output: inout String, style: Style, indent: Int,
        writeElement: (Element, inout String) -> Void
    ) {
        output += open
        guard !elements.isEmpty else {
            output += close
            return
        }
        let inner = style == .pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        for (offset, element) in elements.enumerated() {
            if offset > 0 { output += style == .line ? ", " : "," }
            output += inner
            writeElement(element, &output)
        }
        output += style == .pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        output += close
    }

    /// Appends `text` as a JSON string, written as `minimalText` writes it, to `output`'s bytes.
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        if needsNoEscape(text) {
            output.append(UInt8(ascii: "\""))
            output += text.utf8
            output.append(UInt8(ascii: "\""))
        } else {
            output += JSONValue.string(text).minimalText.utf8
        }
    }

    /// Whether `text` is written as it is between quotes: most strings (keys, ids, paths, names) are,
    /// and are appended whole, not a scalar at a time, which cost a tap with a sync folder a quarter of
    /// a million instructions. 0xC2 starts U+0080 to U+00BF, among them the C1 controls: a string
    /// with it takes the scalar loop.
    private static func needsNoEscape(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xC2 }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        if needsNoEscape(text) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                // C0, DEL and C1 controls, escaped so that no quoted value can drive a terminal (C1 0x9B is CSI).
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
