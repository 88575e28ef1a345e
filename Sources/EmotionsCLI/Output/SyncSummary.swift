import EmotionKit

/// What `emotions sync` prints of a sync: a sentence, or one JSON object.
enum SyncSummary {
    /// `Synced with /home/me/Sync/emotions as laptop: sent 2 changes, took in 3 from desktop.`
    static func text(_ report: SyncReport) -> String {
        var line = "Synced with " + ControlCharacters.escaped(in: report.folder) + " as " + ControlCharacters.escaped(in: report.name)
        line += ": sent " + count(report.sent)
        if report.taken.isEmpty {
            line += ", took in nothing new."
        } else {
            let parts = report.taken.keys.sorted().map { count(report.taken[$0] ?? 0) + " from " + ControlCharacters.escaped(in: $0) }
            line += ", took in " + parts.joined(separator: ", ") + "."
        }
        if let fresh = report.newIdentity {
            line += " This history now goes by the id " + fresh + "."
        }
        return line
    }

    /// `{"folder": …, "history": …, "name": …, "sent": 2, "taken": {"desktop": 3}, "warnings": []}`
    static func json(_ report: SyncReport) -> String {
        var members: [(key: String, value: JSONValue)] = [
            ("folder", .string(report.folder)), ("name", .string(report.name)),
            ("history", report.history.map(JSONValue.string) ?? .null),
            ("sent", .integer(report.sent)),
            ("taken", .object(report.taken.keys.sorted().map { ($0, .integer(report.taken[$0] ?? 0)) })),
            ("warnings", .array(report.warnings.map(JSONValue.string))),
        ]
        if let fresh = report.newIdentity { members.append(("new_history", .string(fresh))) }
        return JSONValue.object(members).serialized(pretty: false)
    }

    private static func count(_ number: Int) -> String {
        number == 1 ? "1 change" : String(number) + " changes"
    }
}
