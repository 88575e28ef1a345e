@testable import EmotionsCLI
import Testing

@Suite struct ProcessInputTests {
    /// Decodes `arguments`, each given as raw bytes, as the process's arguments after its name.
    private func decode(_ arguments: [[UInt8]]) -> (arguments: [String], problem: UsageError?) {
        let strings = arguments.map { bytes in
            let string = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { string[index] = CChar(bitPattern: byte) }
            string[bytes.count] = 0
            return Optional(string)
        }
        defer { strings.forEach { $0?.deallocate() } }
        return strings.withUnsafeBufferPointer { ProcessInput.decode(arguments: $0) }
    }

    @Test func argumentsThatAreUTF8AreKeptInOrder() {
        let decoded = decode([Array("tap".utf8), Array("완전행복".utf8), Array("😄".utf8)])
        expect(decoded.arguments, equals: ["tap", "완전행복", "😄"])
        expect(decoded.problem, equals: nil)
    }

    @Test func aWordThatIsNotUTF8IsAnArgumentToRetype() {
        expect(decode([Array("tap".utf8), [0xFF]]).problem, equals: .notUTF8(.argument(2, isPath: false), shownAs: "\u{FFFD}"))
        // After a path's value, a word is a word again.
        let afterPath = decode([Array("tap".utf8), Array("--file".utf8), Array("m.json".utf8), [0x68, 0xFF]])
        expect(afterPath.problem, equals: .notUTF8(.argument(4, isPath: false), shownAs: "h\u{FFFD}"))
    }

    @Test func theValueOfFileThatIsNotUTF8IsAPathToRename() {
        let separate = decode([Array("tap".utf8), Array("happy".utf8), Array("--file".utf8), [0x6D, 0xFF]])
        expect(separate.problem, equals: .notUTF8(.argument(4, isPath: true), shownAs: "m\u{FFFD}"))
        expect(separate.arguments, equals: ["tap", "happy", "--file"])
        let joined = decode([Array("--file=m".utf8) + [0xFF], Array("stats".utf8)])
        expect(joined.problem, equals: .notUTF8(.argument(1, isPath: true), shownAs: "--file=m\u{FFFD}"))
    }

    @Test func theFirstArgumentThatIsNotUTF8IsTheOneReported() {
        let decoded = decode([Array("tap".utf8), [0xFE], Array("--file".utf8), [0xFF]])
        expect(decoded.problem, equals: .notUTF8(.argument(2, isPath: false), shownAs: "\u{FFFD}"))
    }
}
