import EmotionKit

/// `emotions tap EMOTION`, made before anything else runs where the whole command line is just that
/// and the data file and its journal are in their plainest state: no argument parser, environment
/// table, store or array made (`QuickUpdate`).
///
/// A tap is what cron jobs, scripts and key bindings run most, and most of its time was the
/// process's start: its first strings and arrays, the parser, the store's generic code. Under
/// contention that time is also the other writers' (Performance.md, issue 25's eleventh stop).
///
/// It prints exactly what `Tap` prints and saves exactly what `Tap` saves, and answers `nil` wherever
/// `Tap` might do or say anything else, having changed nothing: then the command line runs as ever.
/// So it answers `nil` for any emotion but the five canonical names (aliases, faces and labels are
/// the parser's to read); when standard output is a terminal (colour) or the locale's language is
/// Korean (labels); when `TZ`, `EMOTIONS_LOCK_TIMEOUT`, `EMOTIONS_HOOKS_DIR`, `EMOTIONS_HOOK_TIMEOUT`
/// or `EMOTIONS_HOOK_DEPTH` is set, each of which the command line checks and may refuse or act on;
/// and when a variable that names the data file holds a byte past ASCII.
public enum QuickTap {
    /// The exit status of `tap EMOTION` made so, or `nil` if it was not.
    public static func answer() -> Int32? {
        guard CommandLine.argc == 3, QuickStats.isOnly(CommandLine.unsafeArgv[1], "tap"),
            let emotion = canonicalEmotion(CommandLine.unsafeArgv[2])
        else { return nil }
        guard ProcessEnvironment.value(of: "TZ") == nil, ProcessEnvironment.value(of: "EMOTIONS_LOCK_TIMEOUT") == nil,
            ProcessEnvironment.value(of: "EMOTIONS_HOOKS_DIR") == nil, ProcessEnvironment.value(of: "EMOTIONS_HOOK_TIMEOUT") == nil,
            ProcessEnvironment.value(of: "EMOTIONS_HOOK_DEPTH") == nil, !localeIsKorean()
        else { return nil }
        let outcome = QuickStats.withDataFilePath { path -> QuickUpdate.Outcome? in
            // A look at the file first: where it is no plain one (a synced history's), one call is all this costs.
            guard QuickUpdate.mayTap(path: path), !Syscall.isTerminal(Syscall.standardOutput) else { return nil }
            // `ApplyChanges.run`: the change, not whoever reads its line, decides the status.
            BrokenPipe.ignore()
            return QuickUpdate.tap(emotion, path: path, lockTimeout: StoreOptions.defaultLockTimeout)
        }
        switch outcome {
        case .tapped(let old, let new)?:
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int32 in
                // `ChangePrinter`'s text line, plain: `happy: 3 → 4`.
                var line = ByteWriter(buffer)
                line.append(emotion.staticName)
                line.append(": ")
                line.append(old)
                line.append(" → ")
                line.append(new)
                line.append("\n")
                // As `Terminal.standard`: a write that fails is not reported, there is nowhere to.
                _ = CStringCalls.write(Syscall.standardOutput, UnsafeRawBufferPointer(line.written))
                return ExitCode.success
            }
        case .failed(let error)?:
            Terminal.standard.printError("Error: \(error)")
            return ExitCode.status(for: error)
        case .declined?, nil:
            return nil
        }
    }

    /// The emotion the C string `argument` names, if it is one of the five canonical names exactly.
    private static func canonicalEmotion(_ argument: UnsafeMutablePointer<CChar>?) -> Emotion? {
        // One by one, not over `allCases`: an array is what this path makes none of.
        if QuickStats.isOnly(argument, Emotion.happy.staticName) { return .happy }
        if QuickStats.isOnly(argument, Emotion.smile.staticName) { return .smile }
        if QuickStats.isOnly(argument, Emotion.neutral.staticName) { return .neutral }
        if QuickStats.isOnly(argument, Emotion.upset.staticName) { return .upset }
        if QuickStats.isOnly(argument, Emotion.sad.staticName) { return .sad }
        return nil
    }

    /// Whether `Language(environment:)` would choose Korean: the first non-empty of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` has the language part `ko`.
    private static func localeIsKorean() -> Bool {
        let value: UnsafePointer<UInt8>
        if let all = ProcessEnvironment.value(of: "LC_ALL"), all[0] != 0 {
            value = all
        } else if let messages = ProcessEnvironment.value(of: "LC_MESSAGES"), messages[0] != 0 {
            value = messages
        } else if let language = ProcessEnvironment.value(of: "LANG"), language[0] != 0 {
            value = language
        } else {
            return false
        }
        guard value[0] == UInt8(ascii: "k"), value[1] == UInt8(ascii: "o") else { return false }
        return value[2] == 0 || value[2] == UInt8(ascii: "_") || value[2] == UInt8(ascii: ".") || value[2] == UInt8(ascii: "@")
    }
}
