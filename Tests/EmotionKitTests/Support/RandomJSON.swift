/// Random JSON texts from the grammar: mostly shaped like a data file, some of any shape, some nested
/// far past the parser's depth limit.
///
/// Every text is well-formed JSON apart from what is put in on purpose, each now and then: duplicate
/// keys, lone surrogate escapes, numbers with a leading zero and unclosed deep nesting.
enum RandomJSON {
    /// Names a key is often given: the five emotions, the two keys the format knows, and near misses.
    static let keys = [
        "happy", "smile", "neutral", "upset", "sad", "version", "counts", "Happy", "happy ", "angry", "",
        "h\\u0061ppy", "\\u0076ersion", "note", "é", "e\\u0301", "😄", "\\ud83d\\ude04", "\\u0000", "a\\nb",
        "\\u001b[2J", "\\u009b", "\\u007f",
    ]

    /// Characters that are valid but awkward: combining, astral, invisible, line-separating, control.
    static let awkwardCharacters = [
        "é", "e\u{301}", "😄", "\u{2028}", "\u{7F}", "\u{9B}", "한", "\u{FEFF}", "\u{10FFFF}",
    ]

    /// An object's member: its key, and what writes its value.
    private typealias Member = (key: String, writeValue: (inout String, inout SeededGenerator) -> Void)

    /// One random text.
    static func text(using generator: inout SeededGenerator) -> [UInt8] {
        var output = ""
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<60: writeDataFile(to: &output, using: &generator)
        case 60..<88: writeValue(to: &output, depth: 0, using: &generator)
        default: writeDeepNesting(to: &output, using: &generator)
        }
        return Array(output.utf8)
    }

    /// An object with `version` and `counts`, usually right, now and then wrong in one way or another.
    private static func writeDataFile(to output: inout String, using generator: inout SeededGenerator) {
        var members: [Member] = []
        if generator.chance(0.85) {
            members.append(("version", { output, generator in
                output += generator.chance(0.8) ? "1" : randomNumber(using: &generator)
            }))
        }
        if generator.chance(0.9) {
            members.append(("counts", { output, generator in writeCounts(to: &output, using: &generator) }))
        }
        for _ in 0..<(generator.chance(0.7) ? 0 : Int.random(in: 1...3, using: &generator)) {
            members.append((generator.pick(keys), { output, generator in
                writeValue(to: &output, depth: 1, using: &generator)
            }))
        }
        members.shuffle(using: &generator)
        writeObject(members, to: &output, using: &generator)
    }

    /// A `counts` object: mostly whole counts, sometimes one that is not, sometimes a key twice.
    private static func writeCounts(to output: inout String, using generator: inout SeededGenerator) {
        guard generator.chance(0.95) else {
            writeValue(to: &output, depth: 1, using: &generator)
            return
        }
        var members: [Member] = []
        for name in ["happy", "smile", "neutral", "upset", "sad"] where generator.chance(0.6) {
            members.append((name, { output, generator in
                if generator.chance(0.95) {
                    output += generator.chance(0.95)
                        ? String(Int.random(in: 0...1000, using: &generator))
                        : generator.pick(["9223372036854775807", "9223372036854775806", "4611686018427387904"])
                } else if generator.chance(0.7) {
                    output += randomNumber(using: &generator)
                } else {
                    writeValue(to: &output, depth: 2, using: &generator)
                }
            }))
        }
        if generator.chance(0.2) {
            members.append((generator.pick(keys), { output, generator in
                writeValue(to: &output, depth: 2, using: &generator)
            }))
        }
        if generator.chance(0.04), let duplicate = members.randomElement(using: &generator) {
            members.append(duplicate)
        }
        members.shuffle(using: &generator)
        writeObject(members, to: &output, using: &generator)
    }

    /// Any JSON value, nesting less and less deeply.
    private static func writeValue(to output: inout String, depth: Int, using generator: inout SeededGenerator) {
        let containers = depth < 6 && generator.chance(0.5 / Double(depth + 1))
        switch containers ? Int.random(in: 0..<2, using: &generator) : Int.random(in: 2..<7, using: &generator) {
        case 0:
            var members: [Member] = []
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let key = generator.chance(0.5) ? generator.pick(keys) : randomString(using: &generator)
                members.append((key, { output, generator in
                    writeValue(to: &output, depth: depth + 1, using: &generator)
                }))
            }
            if generator.chance(0.05), let duplicate = members.randomElement(using: &generator) {
                members.append(duplicate)
            }
            writeObject(members, to: &output, using: &generator)
        case 1:
            output += "["
            for index in 0..<Int.random(in: 0...4, using: &generator) {
                output += index == 0 ? "" : ","
                writeSpace(to: &output, using: &generator)
                writeValue(to: &output, depth: depth + 1, using: &generator)
            }
            output += "]"
        case 2: output += randomNumber(using: &generator)
        case 3: output += "\"" + randomString(using: &generator) + "\""
        case 4: output += generator.pick(["true", "false"])
        case 5: output += "null"
        default: output += "\"" + generator.pick(keys) + "\""
        }
    }

    /// Arrays or objects nested around the parser's limit of 64, or thousands deep; sometimes unclosed.
    private static func writeDeepNesting(to output: inout String, using generator: inout SeededGenerator) {
        let depth = generator.chance(0.8)
            ? Int.random(in: 60...68, using: &generator) : Int.random(in: 100...20_000, using: &generator)
        let (open, close) = generator.pick([
            ("[", "]"), (#"{"a":"#, "}"), (#"{"counts":"#, "}"), (#"[{"happy":"#, "}]"),
        ])
        output += String(repeating: open, count: depth)
        output += generator.pick(["0", "1", "[]", "{}", "\"x\""])
        let closers = generator.chance(0.9) ? depth : Int.random(in: 0...depth, using: &generator)
        output += String(repeating: close, count: closers)
    }

    private static func writeObject(
        _ members: [Member], to output: inout String, using generator: inout SeededGenerator
    ) {
        output += "{"
        for (index, (key, writeMemberValue)) in members.enumerated() {
            output += index == 0 ? "" : ","
            writeSpace(to: &output, using: &generator)
            output += "\"" + key + "\""
            writeSpace(to: &output, using: &generator)
            output += ":"
            writeSpace(to: &output, using: &generator)
            writeMemberValue(&output, &generator)
        }
        writeSpace(to: &output, using: &generator)
        output += "}"
    }

    private static func writeSpace(to output: inout String, using generator: inout SeededGenerator) {
        if generator.chance(0.6) {
            output += generator.pick([" ", "\n  ", "\t", "\r\n", "  "])
        }
    }

    /// A number: small or huge, negative, fractional or with an exponent.
    private static func randomNumber(using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return String(Int.random(in: -5...5, using: &generator))
        case 1: return String(Int.random(in: .min ... .max, using: &generator))
        case 2: return generator.pick(DataFileMutator.numbers)
        case 3: return "\(Int.random(in: 0...99, using: &generator)).\(Int.random(in: 0...99, using: &generator))"
        case 4: return String(Int.random(in: 1...9, using: &generator)) + generator.pick(["e", "E", "e+", "e-", "E-"])
            + String(Int.random(in: 0...400, using: &generator))
        case 5:
            let sign = generator.chance(0.5) ? "-" : ""
            return sign + String(repeating: "9", count: Int.random(in: 18...40, using: &generator))
        case 6: return "-0" + generator.pick(["", ".0", "e0"])
        default: return String(UInt64.random(in: UInt64(Int.max)...UInt64.max, using: &generator))
        }
    }

    /// The inside of a string literal: letters, escapes, multi-byte characters, now and then a lone surrogate.
    private static func randomString(using generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4: text += String(UnicodeScalar(UInt8.random(in: 0x61...0x7A, using: &generator)))
            case 4: text += generator.pick(["\\n", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\t"])
            case 5: text += escape(in: 0...0xFFFF, using: &generator)
            case 6:
                text += escape(in: 0xD800...0xDBFF, using: &generator)
                if generator.chance(0.95) { text += escape(in: 0xDC00...0xDFFF, using: &generator) }
            case 7: text += generator.pick(RandomJSON.awkwardCharacters)
            case 8: text += "\\u" + generator.pick(["0000", "001F", "007F", "00FF", "FFFF", "FEFF", "0068"])
            default: text += generator.pick(keys)
            }
        }
        return text
    }

    /// A `\uXXXX` escape of a random code unit in `range`, its hex digits in either case.
    private static func escape(in range: ClosedRange<UInt16>, using generator: inout SeededGenerator) -> String {
        let digits = String(UInt16.random(in: range, using: &generator), radix: 16, uppercase: generator.chance(0.5))
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
