import Foundation
import Testing

/// Colour, width and language of what people read, from the real binary, whose output is a file here:
/// never a terminal, so `--color auto` means no colour.
struct OutputStyleTests {
    @Test func intoAPipeAutoWritesNoEscapesAndTodaysBytes() async throws {
        let sandbox = try Sandbox()
        // As when run from a terminal: TERM set, NO_COLOR not.
        let terminalLike = ["TERM": "xterm-256color"]
        expectSuccess(try await sandbox.run("tap", "happy", environment: terminalLike), stdout: "happy: 0 → 1\n")
        expectSuccess(try await sandbox.run("tap", "sad", "--color", "auto", environment: terminalLike), stdout: "sad: 0 → 1\n")
        let stats = try await sandbox.run("stats", environment: terminalLike)
        #expect(stats.status == 0 && !hasEscapes(stats.stdout), "\(stats)")
        expect(stats.stdoutLines.first, equals: "😄 happy    1  ████████████████████████   50.0%", "\(stats)")
    }

    @Test func alwaysWritesEscapesIntoAPipeEvenWithNoColor() async throws {
        let sandbox = try Sandbox()
        expectSuccess(
            try await sandbox.run("tap", "happy", "--color", "always", environment: ["NO_COLOR": "1"]),
            stdout: "\u{1B}[33mhappy\u{1B}[0m: 0 → 1\n")
        expectSuccess(
            try await sandbox.run("--color=always", "tap", "sad", "smile"),
            stdout: "\u{1B}[34msad\u{1B}[0m: 0 → 1\n\u{1B}[32msmile\u{1B}[0m: 0 → 1\n")
        let stats = try await sandbox.run("stats", "--color", "always")
        expect(stats.status, equals: 0, "\(stats)")
        expect(stats.stdoutLines.first, equals: "😄 \u{1B}[33mhappy\u{1B}[0m    1  \u{1B}[33m████████████████████████\u{1B}[0m   33.3%")
        expect(stats.stdout.components(separatedBy: "\u{1B}[0m").count - 1, equals: 8, "five labels and three bars")
    }

    @Test func jsonStaysPlainWhateverColorSays() async throws {
        let sandbox = try Sandbox()
        expectSuccess(
            try await sandbox.run("tap", "upset", "--json", "--color", "always"),
            stdout: #"{"emotion": "upset", "old": 0, "new": 1}"# + "\n")
        expectSuccess(
            try await sandbox.run("stats", "--json", "--color=always", environment: ["LANG": "ko_KR.UTF-8"]),
            stdout: #"{"counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 1, "sad": 0}, "total": 1}"# + "\n")
    }

    @Test func anUnknownColorValueIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "happy", "--color", "allways")
        expectUsageError(
            outcome, command: "emotions tap",
            message: "Unknown value 'allways' for '--color'. Did you mean 'always'? Valid values: auto, always, never.")
        #expect(!sandbox.exists(sandbox.defaultDataFile))
    }

    @Test func aKoreanLocaleShowsTheOriginalAppsLabels() async throws {
        let sandbox = try Sandbox()
        let korean = ["LANG": "ko_KR.UTF-8"]
        expectSuccess(try await sandbox.run("tap", "happy", environment: korean), stdout: "완전행복: 0 → 1\n")
        expectSuccess(try await sandbox.run("tap", "많이슬픈", environment: ["LANG": "C.UTF-8"]), stdout: "sad: 0 → 1\n")
        expectSuccess(
            try await sandbox.run("tap", "smile", environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "C.UTF-8"]),
            stdout: "smile: 0 → 1\n")
        let stats = try await sandbox.run("stats", environment: korean)
        expect(stats.status, equals: 0, "\(stats)")
        let labels: [String] = stats.stdoutLines.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
        expect(labels, equals: ["완전행복", "적당미소", "그냥그냥", "좀속상한", "많이슬픈", "3"], "\(stats)")
        expect(stats.stdoutLines.last?.hasPrefix("   합계      3"), equals: true, "\(stats)")
        expect(Set(stats.stdoutLines.map(cells)).count, equals: 1, "the columns line up: \(stats)")
    }

    @Test(arguments: [20, 30, 40, 60, 80, 100, 200])
    func statsFitsColumns(columns: Int) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 1234, smile: 56, neutral: 0, upset: 7, sad: 890))
        for language in ["C.UTF-8", "ko_KR.UTF-8"] {
            for color in ["never", "always"] {
                let outcome = try await sandbox.run(
                    "stats", "--color", color, environment: ["COLUMNS": String(columns), "LANG": language])
                #expect(outcome.status == 0 && outcome.stdoutLines.count == 6, "\(outcome)")
                for line in outcome.stdoutLines {
                    #expect(cells(line) <= columns, "\(cells(line)) cells with COLUMNS=\(columns): \(outcome)")
                }
                #expect(outcome.stdout.contains("1234") && outcome.stdout.contains("2187"), "\(outcome)")
            }
        }
    }
}
