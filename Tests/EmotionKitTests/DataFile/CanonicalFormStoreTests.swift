import Foundation
import Testing

@testable import EmotionKit

/// Two stores given the same commands on the same clock: one whose data file is in the form we write,
/// read without the JSON parser, and one whose file is put a space away from that form before every
/// command (as an older release or a hand left it), read by the parser. Each command must leave the
/// two data files the same but for what differs between two histories anyway: ids, folders, inodes.
@Suite struct CanonicalFormStoreTests {
    /// One command, given to both stores.
    struct Command: Sendable, CustomStringConvertible {
        let description: String
        let run: @Sendable (TallyStore, _ syncFolder: String) throws -> Void
    }

    static let commands: [Command] = [
        Command(description: "tap") { store, _ in try store.apply(.tap(.happy)) },
        Command(description: "add") { store, _ in try store.apply(.add(3, to: .sad)) },
        Command(description: "undo") { store, _ in try store.undo() },
        Command(description: "redo") { store, _ in try store.redo() },
        Command(description: "sync --folder") { store, folder in try store.sync(.folder(folder, name: "laptop")) },
        Command(description: "tap, synced") { store, _ in try store.apply([.tap(.smile)], note: "after sync") },
        Command(description: "sync") { store, _ in try store.sync(.now) },
        Command(description: "undo, synced") { store, _ in try store.undo() },
        Command(description: "sync --stop") { store, _ in try store.sync(.stop) },
        Command(description: "tap, stopped") { store, _ in try store.apply(.tap(.upset)) },
        Command(description: "reset") { store, _ in try store.apply(.reset(.happy)) },
        Command(description: "sync --folder again") { store, folder in try store.sync(.folder(folder, name: "laptop")) },
        Command(description: "tap, synced again") { store, _ in try store.apply(.tap(.neutral)) },
        Command(description: "sync --stop again") { store, _ in try store.sync(.stop) },
        Command(description: "undo, stopped") { store, _ in try store.undo() },
    ]

    /// The data file's text with what two histories never share made alike: the history's folder,
    /// its 26-character ids and its journal's inode; and without the space the parser's file was given.
    static func comparable(_ path: String, folder: String) throws -> String {
        var text = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .utf8))
        while text.hasSuffix(" ") { text.removeLast() }
        text = text.replacingOccurrences(of: folder, with: "FOLDER")
        text = text.replacingOccurrences(of: #"\b[0-9A-HJKMNP-TV-Z]{26}\b"#, with: "ID", options: .regularExpression)
        return text.replacingOccurrences(of: #""inode": ?[0-9]+"#, with: "\"inode\": N", options: .regularExpression)
    }

    @Test(arguments: [
        // Written by a release from before history: compact, no journal.
        #"{"version": 1, "counts": {"happy": 2, "sad": 1}}"#,
        // The form we write, from before history.
        "{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": 2,\n    \"smile\": 0,\n    \"neutral\": 0,\n    \"upset\": 0,\n    \"sad\": 1\n  }\n}\n",
    ])
    func aFileReadWithoutTheParserIsSavedAsOneReadWithItThroughEveryCommand(start: String) throws {
        let folder = try TemporaryFolder()
        let clock = HandClock()
        var stores: [(store: TallyStore, data: String, sync: String, home: String)] = []
        for name in ["a", "b"] {
            let home = folder.file(name)
            try FileManager.default.createDirectory(atPath: home + "/sync", withIntermediateDirectories: true)
            try Data(start.utf8).write(to: URL(fileURLWithPath: home + "/emotions.json"))
            stores.append((clock.store(at: home + "/emotions.json", zone: .utc), home + "/emotions.json", home + "/sync", home))
        }
        let (parsed, ours) = (stores[0], stores[1])
        var readInTheForm = 0
        for command in Self.commands {
            clock.advance(minutes: 1)
            // The parser's store: its file a space away from the form, however the last command left it.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: parsed.data))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(" ".utf8))
            try handle.close()
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: ours.data)))
            let wasInTheForm = TallyDocument.canonicalContents(of: bytes) != nil
            let outcomes = [parsed, ours].map { store in
                do {
                    try command.run(store.store, store.sync)
                    return "done"
                } catch {
                    return String(describing: error).replacingOccurrences(of: store.home, with: "FOLDER")
                }
            }
            expect(outcomes[0], equals: outcomes[1], "\(command)")
            readInTheForm += wasInTheForm ? 1 : 0
            try expect(parsed.store.read(), equals: ours.store.read(), "\(command)")
            let (left, right) = (try Self.comparable(parsed.data, folder: parsed.home), try Self.comparable(ours.data, folder: ours.home))
            #expect(left == right, "\(command), ours read \(wasInTheForm ? "in the form" : "by the parser")")
        }
        // Before the folder is set: after it, the file holds the sync state, not in the form.
        #expect(readInTheForm >= 4)
    }
}
