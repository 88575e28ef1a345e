import EmotionKit

/// `emotions tags [--json]`: the tags used in the history, the most felt first, with how much was
/// felt with each; what a shell completes after `+`.
struct Tags: Subcommand {
    static let name = "tags"

    static let spec = CommandSpec(
        name: name,
        abstract: "List the tags used, the most felt first.",
        discussion: "Each tag with how much was felt in the changes recorded with it (taps and adds not undone, "
            + "all time), the most first, then by name; a tag whose changes add up to nothing is left out. "
            + "Reading never creates the data file. Shell completion offers these tags after '+' and '--tag'.",
        options: [
            OptionSpec(long: "json", help: "Print JSON: [{\"tag\": \"gym\", \"total\": 12}, …]."),
        ] + GlobalOptions.specs,
        examples: ["emotions tags", "emotions tags --json"])

    let isJSON: Bool
    let store: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        isJSON = arguments.has("json")
        store = try StoreOptions(arguments)
    }

    func run(in context: Context) throws {
        let rows = try store.makeSyncedStore(context: context).feltByTag(since: nil, until: nil).rows
        if isJSON {
            context.terminal.print(TagList.json(rows))
        } else if !rows.isEmpty {
            context.terminal.print(TagList.text(rows))
        }
    }
}

/// What `emotions tags` prints.
enum TagList {
    /// `gym      12`: one line a tag, the totals lined up two cells after the widest tag.
    static func text(_ rows: [FeltByTag.Row]) -> String {
        let width = rows.map { CellWidth.of($0.tag.name) }.max() ?? 0
        return rows.map { row in
            row.tag.name + String(repeating: " ", count: width - CellWidth.of(row.tag.name) + 2) + String(row.felt.total)
        }.joined(separator: "\n")
    }

    /// `[{"tag": "gym", "total": 12}, …]`, in the same order.
    static func json(_ rows: [FeltByTag.Row]) -> String {
        JSONValue.array(rows.map { row in
            .object([("tag", .string(row.tag.name)), ("total", .integer(row.felt.total))])
        }).serialized(pretty: false)
    }
}
