/// One input of a fuzz run: where it came from and how to try it again, for failure messages.
///
/// Tests interpolate it into the comments of `#expect`, which are only built when an expectation
/// fails, so describing the input costs nothing while everything passes.
struct FuzzCase: CustomStringConvertible {
    /// The run the input belongs to.
    let plan: FuzzPlan
    /// Which of the run's iterations made it.
    let iteration: Int
    /// How it was made: "mutated file", "grammar", "random bytes"…
    let source: String
    /// The input itself.
    let bytes: [UInt8]

    /// How many of the input's bytes a message shows.
    static let bytesShown = 160

    /// The seed, the iteration, how to replay them, and the input's size and first bytes: printable
    /// ASCII as it is, a backslash doubled, anything else as `\xFF`.
    var description: String {
        var shown: [UInt8] = []
        for byte in bytes.prefix(FuzzCase.bytesShown) {
            if byte == UInt8(ascii: "\\") {
                shown += [byte, byte]
            } else if (0x20..<0x7F).contains(byte) {
                shown.append(byte)
            } else {
                let hex = String(byte, radix: 16)
                shown += Array("\\x\(hex.count == 1 ? "0" : "")\(hex)".utf8)
            }
        }
        let text = String(decoding: shown, as: UTF8.self) + (bytes.count > FuzzCase.bytesShown ? "…" : "")
        return "\(plan.replay(iteration)), \(source) of \(bytes.count) bytes: \"\(text)\""
    }
}
