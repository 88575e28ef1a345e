import Testing
@testable import EmotionKit

/// Lines as `export` writes them, made by hand for the import tests.
enum ImportLines {
    /// The id `01JX000…n`: 26 canonical characters, different for each `n`.
    static func id(_ number: Int) -> String {
        let digits = String(number)
        return "01JX" + String(repeating: "0", count: 22 - digits.count) + digits
    }

    /// The parsed id `id(number)`.
    static func eventID(_ number: Int) -> EventID {
        EventID(parsing: id(number)) ?? EventID(value: 0)
    }

    /// One line: change `number`, placed at `at` (UTC), and any further members as JSON text.
    static func line(
        _ number: Int, _ command: String, _ emotion: String, _ old: Int, _ new: Int,
        at: String = "2026-11-23T12:00:00.000+00:00", _ extra: String = ""
    ) -> String {
        "{\"id\": \"\(id(number))\", \"at\": \"\(at)\", \"command\": \"\(command)\", \"emotion\": \"\(emotion)\", "
            + "\"old\": \(old), \"new\": \(new)\(extra)}"
    }

    /// The batch `lines` make, one a line.
    static func batch(_ lines: [String]) throws -> ImportBatch {
        try ImportBatch(parsing: Array(lines.joined(separator: "\n").utf8))
    }

    /// Why `lines` are refused, or `nil` if they are not.
    static func refusal(_ lines: [String]) -> ImportError? {
        do {
            _ = try batch(lines)
            return nil
        } catch let error as ImportError {
            return error
        } catch {
            Issue.record("not an import refusal: \(error)")
            return nil
        }
    }
}

extension ImportBatch {
    /// Each command's change ids, in the order they are applied.
    var commandIDs: [[EventID]] { (0..<commandCount).map { command($0).map { changes[$0].id } } }

    /// Each command's line numbers, in the order they are applied.
    var commandLines: [[Int]] { (0..<commandCount).map { command($0).map { Int(changes[$0].line) } } }

    /// The indices of the changes whose ids are `ids`.
    func indices(of ids: [EventID]) -> [Int32] {
        changes.indices.filter { ids.contains(changes[$0].id) }.map { Int32($0) }
    }
}
