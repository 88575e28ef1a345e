@testable import EmotionKit
import Foundation
import Testing

/// Which owners and permissions make a hooks folder or hook untrusted, and how that is said.
@Suite struct HookDistrustTests {
    @Test(arguments: [
        (0o755, 1000, 1000), (0o700, 1000, 1000), (0o755, 0, 1000), (0o4755, 0, 1000), (0o755, 0, 0), (0o1755, 1000, 1000),
    ] as [(UInt32, UInt32, UInt32)])
    func whatTheUserOrRootOwnsAndOnlyTheOwnerMayWriteIsTrusted(permissions: UInt32, owner: UInt32, user: UInt32) {
        expect(HookDistrust(FileStatus(permissions: permissions, owner: owner, group: 50), user: user), equals: nil)
    }

    @Test(arguments: [
        (0o755, 12345, 1000, "owned by user 12345"),
        (0o755, 12346, 0, "owned by user 12346"),
        (0o775, 1000, 1000, "writable by its group"),
        (0o757, 0, 1000, "writable by others"),
        (0o1777, 0, 1000, "writable by its group and by others"),
        (0o777, 12345, 0, "owned by user 12345 and writable by its group and by others"),
        (0o722, 12345, 1000, "owned by user 12345 and writable by its group and by others"),
    ] as [(UInt32, UInt32, UInt32, String)])
    func anotherOwnerOrWritingByGroupOrOthersIsNotTrusted(
        permissions: UInt32, owner: UInt32, user: UInt32, reason: String
    ) throws {
        let distrust = try #require(HookDistrust(FileStatus(permissions: permissions, owner: owner, group: 50), user: user))
        expect(distrust.description, equals: reason)
        // Never chmod or chown for a hook: whoever could write it may hold it open for writing still.
        let problem = HookProblem.untrustedHook(path: "p", distrust, changes: [Change(emotion: .sad, old: 0, new: 1)])
        #expect(problem.description.hasSuffix(
            "Read it, then put a copy of your own in its place, which no one else can have open: "
                + "install -m 755 -- 'p' 'p.new' && mv -- 'p.new' 'p'."), "\(problem)")
    }

    @Test func aFolderOfSomeoneElsesIsReplacedNotTakenOverAndAWritableOneIsMadeYoursAlone() throws {
        let foreign = try #require(HookDistrust(FileStatus(permissions: 0o755, owner: 12345, group: 50), user: 1000))
        expect(foreign.folderRemedy(for: "/tmp/hooks"), equals: "Use a folder of your own: mv -- '/tmp/hooks' "
            + "'/tmp/hooks.untrusted' && mkdir -m 700 -- '/tmp/hooks', or choose another with EMOTIONS_HOOKS_DIR.")
        let writable = try #require(HookDistrust(FileStatus(permissions: 0o775, owner: 1000, group: 50), user: 1000))
        expect(writable.folderRemedy(for: "-dir"), equals: "Make it writable only by you: chmod go-w -- '-dir'.")
    }

    @Test(arguments: [
        ("/home/me/hooks", "'/home/me/hooks'"),
        ("it's", #"'it'\''s'"#),
        (#"$(touch x) `y` "z" \"#, #"'$(touch x) `y` "z" \'"#),
        ("a\nb", #"$'a\x0Ab'"#),
        ("evil\u{1B}[2J'\\\u{9B}é", #"$'evil\x1B[2J\'\\\xC2\x9Bé'"#),
        ("right\u{202E}txt.sh", #"$'right\xE2\x80\xAEtxt.sh'"#),
    ])
    func theFixIsACommandLineThatWorksWhateverThePathHolds(path: String, word: String) throws {
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o777, owner: 1000, group: 50), user: 1000))
        expect(distrust.folderRemedy(for: path), equals: "Make it writable only by you: chmod go-w -- \(word).")
    }

    @Test(arguments: ["/bin/bash", "/bin/zsh", "/usr/bin/zsh"].filter(FileManager.default.isExecutableFile(atPath:)))
    func theShellReadsTheQuotedPathBackByteForByte(shell: String) throws {
        for path in ["evil\u{1B}[2J\u{7}'\\\"$(x)`y`\n\u{9B}é end", "it's plain", "\u{7F}\u{1}0a", "a\u{2066}b\u{202E}c"] {
            let word = ShellQuoting.word(path)
            #expect(!word.unicodeScalars.contains(where: ShellQuoting.isControl), "a control character is shown raw")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: shell)
            process.arguments = ["-c", "printf %s \(word)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let bytes = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            expect(String(decoding: bytes, as: UTF8.self), equals: path, "\(shell) read \(word)")
        }
    }
}
