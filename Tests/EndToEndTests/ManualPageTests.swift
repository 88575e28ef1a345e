import Foundation
import Testing

/// The manual page as `man` shows it; `EmotionsCLITests/ManualTests` checks what it lists.
struct ManualPageTests {
    /// `Documentation/emotions.1`, found from this file's place in the repository.
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Documentation/emotions.1").path

    @Test(.enabled(if: Shells.isInstalled("groff"), "groff is not installed"))
    func groffRendersThePageWithoutAWarning() async throws {
        let sandbox = try Sandbox()
        // For a UTF-8 terminal, as man renders it there: the default PostScript device has no Hangul.
        let outcome = try await Shells.run("groff", ["-man", "-ww", "-z", "-T", "utf8", ManualPageTests.path], in: sandbox)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
    }

    @Test(.enabled(if: Shells.isInstalled("groff"), "groff is not installed"))
    func theRenderedPageNamesEverySubcommand() async throws {
        let sandbox = try Sandbox()
        let outcome = try await Shells.run("groff", ["-man", "-T", "utf8", "-P", "-cbou", ManualPageTests.path], in: sandbox)
        expect(outcome.status, equals: 0, "\(outcome)")
        for heading in ["NAME", "SYNOPSIS", "SUBCOMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
            #expect(outcome.stdoutLines.contains(heading), "no \(heading)")
        }
        for name in ["tap", "add", "reset", "stats", "watch", "help"] {
            #expect(outcome.stdoutLines.contains { $0.hasPrefix("   \(name)") }, "no \(name)")
        }
    }
}
