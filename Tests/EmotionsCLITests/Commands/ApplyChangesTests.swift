import EmotionKit
@testable import EmotionsCLI
import Foundation
import Synchronization
import Testing

@Suite struct ApplyChangesTests {
    @Test func itAppliesTheActionsPrintsEachChangeAndLeavesTheOptionsPlainData() throws {
        let sandbox = try Sandbox()
        let parsed = try ArgumentParser(spec: Tap.spec).parse(["happy", "--file", sandbox.path, "--no-hooks"])
        let options = try ChangeOptions(parsed)
        let lines = Mutex("")
        let terminal = Terminal(
            writeOutput: { text in lines.withLock { $0 += text } }, writeError: { _ in }, isTerminal: false, columns: nil)
        let context = Context(environment: Environment(["HOME": sandbox.folder]), terminal: terminal)
        try ApplyChanges(actions: [.tap(.happy), .tap(.happy), .add(2, to: .sad)], options: options).run(in: context)
        expect(lines.withLock { $0 }, equals: "happy: 0 → 1\nhappy: 1 → 2\nsad: 0 → 2\n")
        try expect(TallyStore(path: sandbox.path).read()[.happy], equals: 2)
    }

    @Test func nothingIsPrintedOrSavedWhenAnActionIsRefused() throws {
        let sandbox = try Sandbox()
        let options = try ChangeOptions(ArgumentParser(spec: Add.spec).parse(["sad", "1", "--file", sandbox.path]))
        let lines = Mutex("")
        let terminal = Terminal(
            writeOutput: { text in lines.withLock { $0 += text } }, writeError: { _ in }, isTerminal: false, columns: nil)
        let context = Context(environment: Environment(["HOME": sandbox.folder]), terminal: terminal)
        #expect(throws: TallyError.self) {
            try ApplyChanges(actions: [.tap(.happy), .add(-1, to: .sad)], options: options).run(in: context)
        }
        expect(lines.withLock { $0 }, equals: "")
        expect(sandbox.fileBytes, equals: nil)
    }
}
