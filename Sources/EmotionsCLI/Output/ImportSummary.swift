import EmotionKit

/// What `import` says it did, or with `--dry-run` would do: `Imported 12 changes (3 already there):
/// happy +4, sad +2.`
enum ImportSummary {
    /// The sentence for `plan`; `isDryRun` says "Would import".
    static func text(for plan: ImportPlan, isDryRun: Bool) -> String {
        let count = plan.changeCount
        var notes: [String] = []
        if plan.alreadyThere > 0 { notes.append("\(plan.alreadyThere) already there") }
        if plan.leftOut > 0 { notes.append("\(plan.leftOut) left out: made here, or after a change the file lacks") }
        let aside = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
        guard count > 0 else {
            if plan.alreadyThere == 0, plan.leftOut == 0 { return "Nothing to import: the file holds no changes." }
            if plan.leftOut == 0 {
                return "Nothing to import: the file's " + changes(plan.alreadyThere) + (plan.alreadyThere == 1 ? " is" : " are")
                    + " already there."
            }
            return "Nothing to import" + aside + "."
        }
        let verb = isDryRun ? "Would import " : "Imported "
        let counts = plan.netChanges.map { $0.emotion.name + " " + ($0.delta > 0 ? "+" : "") + String($0.delta) }
        let effect = counts.isEmpty ? "; the counts are as they were" : ": " + counts.joined(separator: ", ")
        return verb + changes(count) + aside + effect + "."
    }

    /// `1 change`, `12 changes`.
    private static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }
}
