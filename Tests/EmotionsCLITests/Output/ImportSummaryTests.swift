import EmotionKit
@testable import EmotionsCLI
import Foundation
import Testing

/// What `import` says it did.
@Suite struct ImportSummaryTests {
    private func line(_ number: Int, _ emotion: String, _ old: Int, _ new: Int, command: String = "add") -> String {
        let id = "01JX" + String(repeating: "0", count: 21) + String(number)
        return "{\"id\": \"\(id)\", \"at\": \"2026-11-23T12:00:00.000+00:00\", \"command\": \"\(command)\", "
            + "\"emotion\": \"\(emotion)\", \"old\": \(old), \"new\": \(new)}"
    }

    /// What importing `lines` would do to a history that imported `known` first.
    private func plan(_ lines: [String], known: [String] = []) throws -> ImportPlan {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-summary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = TallyStore(path: folder.appendingPathComponent("emotions.json").path)
        if !known.isEmpty { _ = try store.importChanges(try ImportBatch(parsing: Array(known.joined(separator: "\n").utf8))) }
        return try store.planImport(try ImportBatch(parsing: Array(lines.joined(separator: "\n").utf8)))
    }

    @Test func itSaysHowManyWereNewOrThereAlreadyAndHowEachCountChanged() throws {
        let lines = [line(1, "sad", 0, 2), line(2, "happy", 0, 4), line(3, "sad", 2, 1), line(4, "smile", 0, 1)]
        let summary = try plan(lines, known: [line(4, "smile", 0, 1)])
        expect(ImportSummary.text(for: summary, isDryRun: false), equals: "Imported 3 changes (1 already there): happy +4, sad +1.")
        expect(ImportSummary.text(for: summary, isDryRun: true), equals: "Would import 3 changes (1 already there): happy +4, sad +1.")
        let back = try plan([line(1, "sad", 0, 2), line(2, "sad", 2, 0)])
        expect(ImportSummary.text(for: back, isDryRun: false), equals: "Imported 2 changes; the counts are as they were.")
    }

    @Test func nothingToImportSaysWhy() throws {
        expect(ImportSummary.text(for: try plan([]), isDryRun: false), equals: "Nothing to import: the file holds no changes.")
        #expect(ImportSummary.text(for: try plan([line(1, "sad", 0, 2)], known: [line(1, "sad", 0, 2)]), isDryRun: false)
            == "Nothing to import: the file's 1 change is already there.")
        // A reset of a count at zero is a change all the same: held, it clears what it had seen wherever it goes.
        #expect(ImportSummary.text(for: try plan([line(1, "sad", 2, 0, command: "reset")]), isDryRun: true)
            == "Would import 1 change; the counts are as they were.")
    }
}
