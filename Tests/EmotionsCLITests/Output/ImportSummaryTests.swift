import EmotionKit
@testable import EmotionsCLI
import Testing

/// What `import` says it did.
@Suite struct ImportSummaryTests {
    private func line(_ number: Int, _ emotion: String, _ old: Int, _ new: Int, command: String = "add") -> String {
        let id = "01JX" + String(repeating: "0", count: 21) + String(number)
        return "{\"id\": \"\(id)\", \"at\": \"2026-11-23T12:00:00.000+00:00\", \"command\": \"\(command)\", "
            + "\"emotion\": \"\(emotion)\", \"old\": \(old), \"new\": \(new)}"
    }

    private func plan(_ lines: [String], known: [String] = [], tally: Tally = Tally()) throws -> ImportPlan {
        let batch = try ImportBatch(parsing: Array(lines.joined(separator: "\n").utf8))
        // The history holds the file's changes with those ids.
        let held = batch.commands.flatMap(\.events).filter { known.contains($0.id.description) }
        return try ImportPlan(batch, history: ImportHistory(held, for: batch), tally: tally)
    }

    @Test func itSaysHowManyWereNewOrThereAlreadyAndHowEachCountChanged() throws {
        let lines = [line(1, "sad", 0, 2), line(2, "happy", 0, 4), line(3, "sad", 2, 1), line(4, "smile", 0, 1)]
        let summary = try plan(lines, known: ["01JX0000000000000000000004"])
        #expect(ImportSummary.text(for: summary, isDryRun: false) == "Imported 3 changes (1 already there): happy +4, sad +1.")
        #expect(ImportSummary.text(for: summary, isDryRun: true) == "Would import 3 changes (1 already there): happy +4, sad +1.")
        let back = try plan([line(1, "sad", 0, 2), line(2, "sad", 2, 0)])
        #expect(ImportSummary.text(for: back, isDryRun: false) == "Imported 2 changes; the counts are as they were.")
    }

    @Test func nothingToImportSaysWhy() throws {
        #expect(ImportSummary.text(for: try plan([]), isDryRun: false) == "Nothing to import: the file holds no changes.")
        #expect(ImportSummary.text(for: try plan([line(1, "sad", 0, 2)], known: ["01JX0000000000000000000001"]), isDryRun: false)
            == "Nothing to import: the file's 1 change is already there.")
        #expect(ImportSummary.text(for: try plan([line(1, "sad", 2, 0, command: "reset")]), isDryRun: true)
            == "Nothing to import (1 left out, as it changes nothing here).")
        let resets = [line(1, "sad", 2, 0, command: "reset"), line(2, "happy", 1, 0, command: "reset")]
        #expect(ImportSummary.text(for: try plan(resets), isDryRun: true) == "Nothing to import (2 left out, as they change nothing here).")
    }
}
