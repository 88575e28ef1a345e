/// One input of a fuzz run: its bytes, where they came from, and how to try them again.
///
/// Iteration `i` of a plan is the same input in every test that uses this type, in-process or
/// end to end. Tests interpolate it into the comments of `#expect`, which are only built when an
/// expectation fails, so describing the input costs nothing while everything passes.
struct FuzzCase: CustomStringConvertible {
    /// The run the input belongs to.
    let plan: FuzzPlan
    /// Which of the run's iterations made it.
    let iteration: Int
    /// How it was made: "mutated file", "grammar", "mutated grammar" or "random bytes".
    let source: String
    /// The input itself.
    let bytes: [UInt8]

    /// How many of the input's bytes a message shows.
    static let bytesShown = 160

    /// The input of `iteration`, drawn from `generator`, which should be `plan.generator(for: iteration)`:
    /// 40% a mutated corpus file, 40% a text from the grammar, 12% a mutated one, 8% random bytes.
    init(iteration: Int, of plan: FuzzPlan, sizeLimit: Int, using generator: inout SeededGenerator) {
        self.plan = plan
        self.iteration = iteration
        let mutator = DataFileMutator(corpus: DataFileCorpus.all, sizeLimit: sizeLimit)
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<40:
            let file = generator.chance(0.6) ? generator.pick(DataFileCorpus.valid) : generator.pick(DataFileCorpus.all)
            (bytes, source) = (mutator.mutate(file, using: &generator), "mutated file")
        case 40..<80:
            (bytes, source) = (RandomJSON.text(using: &generator), "grammar")
        case 80..<92:
            (bytes, source) = (mutator.mutate(RandomJSON.text(using: &generator), using: &generator), "mutated grammar")
        default:
            let jsonish = Array(#"{}[]",:-0123456789.eE truefalsnu\ "#.utf8) + [0x00, 0x0A, 0xEF, 0xBB, 0xBF, 0xFF]
            let anyByte = generator.chance(0.5)
            bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                anyByte ? UInt8.random(in: 0...255, using: &generator) : generator.pick(jsonish)
            }
            source = "random bytes"
        }
    }

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
