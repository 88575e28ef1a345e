import EmotionKit

/// `emotions stats --json`, answered from the data file's bytes before anything else runs, where
/// the whole command line is just that and the data file is in its plainest state: no argument
/// parser, environment table, store or array made (`QuickCounts`).
///
/// Scripts and status bars run it more than any other command, and it is the one whose own work is
/// least: reading a file of a few hundred bytes. With the standard library's first strings and
/// arrays of the process made, it took 1.35–1.45× the C floor's time; an empty Swift program takes
/// 1.10× (Performance.md, issue 25's tenth stop).
///
/// It prints exactly what `Stats` prints, and answers `nil` wherever `Stats` might do or say
/// anything else: then the command line runs as ever, and reads the file again. So it also answers
/// `nil` when any of these is set: `TZ` and `EMOTIONS_LOCK_TIMEOUT`, which a store checks and may
/// refuse; and when a variable the command line decodes and refuses if it is not UTF-8 holds any
/// byte past ASCII.
public enum QuickStats {
    /// The exit status of `stats --json` answered so, or `nil` if it was not.
    public static func answer() -> Int32? {
        guard CommandLine.argc == 3, isOnly(CommandLine.unsafeArgv[1], "stats"), isOnly(CommandLine.unsafeArgv[2], "--json")
        else { return nil }
        guard ProcessEnvironment.value(of: "TZ") == nil, ProcessEnvironment.value(of: "EMOTIONS_LOCK_TIMEOUT") == nil,
            isASCII(ProcessEnvironment.value(of: "EMOTIONS_HOOKS_DIR")),
            isASCII(ProcessEnvironment.value(of: "EMOTIONS_HOOK_TIMEOUT")),
            isASCII(ProcessEnvironment.value(of: "EMOTIONS_HOOK_DEPTH"))
        else { return nil }
        guard let counts = withDataFilePath(QuickCounts.read(path:)), let total = counts.total else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer -> Int32 in
            var line = ByteWriter(buffer)
            line.append("{\"counts\": {\"happy\": ")
            line.append(counts.happy)
            line.append(", \"smile\": ")
            line.append(counts.smile)
            line.append(", \"neutral\": ")
            line.append(counts.neutral)
            line.append(", \"upset\": ")
            line.append(counts.upset)
            line.append(", \"sad\": ")
            line.append(counts.sad)
            line.append("}, \"total\": ")
            line.append(total)
            line.append("}\n")
            // As `Terminal.standard`: a write that fails is not reported, there is nowhere to.
            _ = CStringCalls.write(Syscall.standardOutput, UnsafeRawBufferPointer(line.written))
            return ExitCode.success
        }
    }

    /// `body` with the bytes of the data file's path as `DataLocation.path` chooses it without a
    /// `--file`, or `nil` without calling it if `DataLocation` would ask the user database (no
    /// `HOME`), or a variable it reads holds a byte past ASCII.
    static func withDataFilePath<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result?) -> Result? {
        let file = ProcessEnvironment.value(of: "EMOTIONS_FILE")
        let config = ProcessEnvironment.value(of: "XDG_CONFIG_HOME")
        let home = ProcessEnvironment.value(of: "HOME")
        guard isASCII(file), isASCII(config), isASCII(home) else { return nil }
        if let file, file[0] != 0 { return body(UnsafeBufferPointer(start: file, count: length(of: file))) }
        if let config, config[0] == UInt8(ascii: "/") { return joined(config, "/emotions/emotions.json", body) }
        if let home, home[0] != 0 { return joined(home, "/.config/emotions/emotions.json", body) }
        return nil
    }

    /// `body` with `prefix` and `suffix` one after the other.
    private static func joined<Result>(
        _ prefix: UnsafePointer<UInt8>, _ suffix: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> Result?
    ) -> Result? {
        let prefixCount = length(of: prefix)
        let count = prefixCount + suffix.utf8CodeUnitCount
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            guard let base = buffer.baseAddress else { return nil }
            base.initialize(from: prefix, count: prefixCount)
            (base + prefixCount).initialize(from: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// Whether the C string `argument` is `word`.
    static func isOnly(_ argument: UnsafeMutablePointer<CChar>?, _ word: StaticString) -> Bool {
        guard let argument else { return false }
        let bytes = UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self)
        for index in 0..<word.utf8CodeUnitCount where bytes[index] != word.utf8Start[index] { return false }
        return bytes[word.utf8CodeUnitCount] == 0
    }

    /// Whether the C string `text`, if any, is all ASCII.
    static func isASCII(_ text: UnsafePointer<UInt8>?) -> Bool {
        guard var byte = text else { return true }
        while byte.pointee != 0 {
            if byte.pointee >= 0x80 { return false }
            byte += 1
        }
        return true
    }

    /// The length of the C string `text`.
    private static func length(of text: UnsafePointer<UInt8>) -> Int {
        var count = 0
        while text[count] != 0 { count += 1 }
        return count
    }
}
