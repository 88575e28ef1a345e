// A libFuzzer harness for the data file's reader; `make fuzz` builds it with the sources of EmotionKit
// into one module, so it reaches the package's `JSONParser` and `TallyDocument`. SwiftPM ignores this folder.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one input as a data file and traps if the reader breaks an invariant; libFuzzer calls it.
///
/// The invariants are those of `DataFileFuzzTests`: the reader never crashes; JSON the parser accepts
/// is written back as text that reads back the same; a document it accepts is within every limit,
/// has the counts its JSON says, and survives a rewrite; a refusal agrees with the parser and its
/// message is one line without control characters; a tap on an accepted tally adds exactly one or is
/// refused at the largest count; and a file read in the form we write, without the parser, is read
/// as the parser reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let json = bytes.count > TallyDocument.sizeLimit
        ? nil : Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
    if case let .success(value)? = json {
        checkWriter(on: value)
    }
    let read = Result { () throws(DataFileProblem) in try TallyDocument(parsing: bytes) }
    switch read {
    case let .success(document):
        guard case let .success(value)? = json else { fail("accepted a document whose JSON was refused") }
        checkAcceptance(of: document, json: value, bytes: bytes)
    case let .failure(error):
        checkRefusal(error, json: json, bytes: bytes)
    }
    if json != nil { checkSameAsTheParser(read, bytes: bytes) }
    return 0
}

/// The reading of `bytes` (`canonicalContents` for a file in the form we write) is the parser's alone:
/// the same document, the same file after each edit a store makes to it, or the same problem.
private func checkSameAsTheParser(_ read: Result<TallyDocument, DataFileProblem>, bytes: [UInt8]) {
    let parsed = Result { () throws(DataFileProblem) in try TallyDocument(parsingAsJSON: bytes) }
    switch (read, parsed) {
    case let (.success(read), .success(parsed)):
        var (one, other) = (read, parsed)
        require(isSame(one, other), "read otherwise than the parser reads it")
        let state = SyncState(folder: "/sync", name: "fuzz")
        let edits: [(String, (inout TallyDocument) -> Void)] = [
            ("sync set", { $0.sync = state }), ("journal taken away", { $0.journal = nil }),
            ("stopped sync set", { $0.stoppedSync = state }), ("sync taken away", { $0.sync = nil }),
            ("journal set", { $0.journal = JournalPosition(sequence: 1, bytes: 2, latest: 3) }),
        ]
        for (name, edit) in edits {
            edit(&one)
            edit(&other)
            require(isSame(one, other), "after \(name), written otherwise than the parser's document")
        }
    case let (.failure(problem), .failure(parserProblem)):
        require(problem == parserProblem, "refused as \(problem), but the parser's reading says \(parserProblem)")
    default:
        fail("read one way as \(read), by the parser as \(parsed)")
    }
}

private func isSame(_ one: TallyDocument, _ other: TallyDocument) -> Bool {
    one.tally == other.tally && one.journal == other.journal && one.sync == other.sync
        && one.stoppedSync == other.stoppedSync && one.serialized() == other.serialized()
}

/// The writer's text of any JSON the parser accepts reads back as the same text, pretty or not.
private func checkWriter(on value: JSONValue) {
    for pretty in [true, false] {
        let text = Array(value.serialized(pretty: pretty).utf8)
        guard let reread = try? JSONParser.parse(text) else { fail("the writer's JSON is refused: \(text)") }
        require(Array(reread.serialized(pretty: pretty).utf8) == text, "a JSON round trip changed the text")
    }
}

private func checkAcceptance(of document: TallyDocument, json: JSONValue, bytes: [UInt8]) {
    require(bytes.count <= TallyDocument.sizeLimit, "accepted past the size limit")
    require(String(validating: bytes, as: UTF8.self) != nil, "accepted invalid UTF-8")
    require(!bytes.starts(with: [0xEF, 0xBB, 0xBF]), "accepted a byte order mark")
    require(depth(of: json) <= JSONParser.maximumDepth, "accepted nesting past the limit")
    require(json["version"].map { $0.integerValue == 1 } ?? true, "accepted a version other than 1")
    var sum = 0
    for emotion in Emotion.allCases {
        let count = document.tally[emotion]
        let written: Int? = switch json["counts"]?[emotion.name] {
        case nil: 0
        case let .number(text)?: Int(text)
        default: nil
        }
        require(count == written && count >= 0, "\(emotion.name) read as \(count), not as written")
        let (next, overflow) = sum.addingReportingOverflow(count)
        require(!overflow, "accepted counts whose total overflows")
        sum = next
    }
    require(document.tally.total == sum, "the total is not the sum of the counts")

    let rewritten = document.serialized()
    guard let reread = try? TallyDocument(parsing: rewritten) else { fail("its own rewrite is refused") }
    require(reread.tally == document.tally, "the tally changed on a round trip")
    require(reread.serialized() == rewritten, "a rewrite of the rewrite differs")

    for emotion in Emotion.allCases {
        var tally = document.tally
        do {
            let change = try tally.apply(.tap(emotion))
            let count = document.tally[emotion]
            require(change == Change(emotion: emotion, old: count, new: count + 1), "a tap did not add exactly one")
        } catch {
            require(document.tally[emotion] == .max || sum == .max, "a tap was refused below the largest count")
            require(tally == document.tally, "a refused tap changed the tally")
        }
    }
}

private func checkRefusal(_ problem: DataFileProblem, json: Result<JSONValue, JSONSyntaxError>?, bytes: [UInt8]) {
    switch (problem, json) {
    case (.tooLarge, _):
        require(bytes.count > TallyDocument.sizeLimit, "refused as too large at \(bytes.count) bytes")
    case let (.invalidJSON(error), .failure(parserError)?):
        require(error == parserError && error.line >= 1 && error.column >= 1, "the parser's error differs")
    case (_, .failure?), (.invalidJSON, _):
        fail("\(problem), but the parser says \(String(describing: json))")
    default:
        break
    }
    let message = problem.description
    let isOnePrintableLine = !message.isEmpty
        && !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    require(isOnePrintableLine, "a control character in the message \(message.debugDescription)")
}

private func depth(of value: JSONValue) -> Int {
    switch value {
    case let .array(elements): 1 + (elements.map { depth(of: $0) }.max() ?? 0)
    case let .object(members): 1 + (members.map { depth(of: $0.value) }.max() ?? 0)
    default: 0
    }
}

/// Traps with `message` unless `condition` holds, so that libFuzzer keeps the input as a crash.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

/// Writes `message` to standard error and traps: an invariant is broken.
private func fail(_ message: String) -> Never {
    // write(2) on the descriptor, not fputs on `stderr`: Swift 6 refuses the C global, shared mutable state.
    var line = "DataFileFuzzer: \(message)\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    preconditionFailure(message)
}
