/// What the sync folder held when it was last listed, kept so that a tap need not read the folder
/// again while it is unchanged: the names of its histories' files and conflict copies, and the
/// folder's identity, modification time and change time then.
///
/// Making, removing or renaming a name in a folder moves its modification and change times;
/// appending to a file in it does not (each file's size is still looked at, one `fstatat` each).
/// So while the folder is the same one with the same two times, a listing would find the same
/// names. Both are kept: a sync tool (rsync -t, unison) sets the modification time back to another
/// copy's after making names, which only the change time, which no program sets, then tells. The
/// times are only taken as that promise once settled (`SyncFolder.settledNames(of:)`): older than the
/// coarsest clock a file system stamps with, on a file system whose times come from this machine.
///
/// ```
/// "listed": {"device": 2049, "inode": 1837, "seconds": 1795776984, "nanoseconds": 149000000,
///            "changedSeconds": 1795776984, "changedNanoseconds": 149000000,
///            "names": ["01KB2….jsonl", "01KAT8….jsonl"]}
/// ```
package struct ListedNames: Equatable, Sendable {
    /// The folder's device and inode.
    package var folder: FileIdentity
    /// The folder's modification time: whole seconds since 1970-01-01 UTC, and nanoseconds past them.
    package var seconds: Int64
    package var nanoseconds: Int64
    /// The folder's change time (`st_ctim`): whole seconds since 1970-01-01 UTC, and nanoseconds past them.
    package var changedSeconds: Int64
    package var changedNanoseconds: Int64
    /// The names found, each a history's file or a conflict copy (`SyncFileName`), in name order.
    package var names: [String]

    /// The names a folder of `status` held, listed.
    package init(names: [String], in status: FileStatus) {
        folder = status.identity
        (seconds, nanoseconds) = ListedNames.parts(of: status.modified)
        (changedSeconds, changedNanoseconds) = ListedNames.parts(of: status.changed)
        self.names = names
    }

    /// The names, with the folder's identity and times as given (the change time the modification
    /// time, unless given).
    package init(
        names: [String], folder: FileIdentity, seconds: Int64, nanoseconds: Int64, changedSeconds: Int64? = nil,
        changedNanoseconds: Int64? = nil
    ) {
        self.folder = folder
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.changedSeconds = changedSeconds ?? seconds
        self.changedNanoseconds = changedNanoseconds ?? nanoseconds
        self.names = names
    }

    /// Whether a folder of `status` is the one listed, with the times it had: then it holds these names.
    package func stillHold(in status: FileStatus) -> Bool {
        status.identity == folder && status.modified == .seconds(seconds) + .nanoseconds(nanoseconds)
            && status.changed == .seconds(changedSeconds) + .nanoseconds(changedNanoseconds)
    }

    /// Whole seconds and the nanoseconds past them.
    private static func parts(of time: Duration) -> (seconds: Int64, nanoseconds: Int64) {
        let parts = time.components
        return (parts.seconds, parts.attoseconds / 1_000_000_000)
    }
}

extension ListedNames {
    /// The `"listed"` value; `nil` if it is not one (it is then only not used: a listing makes it again).
    package init?(json: JSONValue?) {
        guard let json, let device = ListedNames.number(json["device"]), let inode = ListedNames.number(json["inode"]),
            let seconds = ListedNames.number(json["seconds"]), let nanoseconds = ListedNames.number(json["nanoseconds"]),
            nanoseconds < 1_000_000_000, let changedSeconds = ListedNames.number(json["changedSeconds"]),
            let changedNanoseconds = ListedNames.number(json["changedNanoseconds"]), changedNanoseconds < 1_000_000_000,
            case let .array(items)? = json["names"]
        else { return nil }
        var names: [String] = []
        for item in items {
            // A name a folder lists: never a path, whatever a hand-edited file says.
            guard case let .string(name) = item, SyncFileName(name) != .ignored, !name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 })
            else { return nil }
            names.append(name)
        }
        self.init(
            names: names, folder: FileIdentity(device: device, inode: inode), seconds: Int64(seconds), nanoseconds: Int64(nanoseconds),
            changedSeconds: Int64(changedSeconds), changedNanoseconds: Int64(changedNanoseconds))
    }

    /// The `"listed"` value.
    package var json: JSONValue {
        .object([
            ("device", .number(String(folder.device))), ("inode", .number(String(folder.inode))),
            ("seconds", .number(String(seconds))), ("nanoseconds", .number(String(nanoseconds))),
            ("changedSeconds", .number(String(changedSeconds))), ("changedNanoseconds", .number(String(changedNanoseconds))),
            ("names", .array(names.map { .string($0) })),
        ])
    }

    /// The `"listed"` value as `json.minimalText` writes it, appended to `out`.
    package func appendMinimalJSON(to out: inout [UInt8]) {
        out += #"{"device":"#.utf8
        out += String(decimal: folder.device).utf8
        out += #","inode":"#.utf8
        out += String(decimal: folder.inode).utf8
        out += #","seconds":"#.utf8
        out += String(decimal: Int(seconds)).utf8
        out += #","nanoseconds":"#.utf8
        out += String(decimal: Int(nanoseconds)).utf8
        out += #","changedSeconds":"#.utf8
        out += String(decimal: Int(changedSeconds)).utf8
        out += #","changedNanoseconds":"#.utf8
        out += String(decimal: Int(changedNanoseconds)).utf8
        out += #","names":["#.utf8
        for (index, name) in names.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.appendString(name, to: &out)
        }
        out += "]}".utf8
    }

    /// A whole number from 0 to 2⁶³ − 1.
    private static func number(_ value: JSONValue?) -> UInt64? {
        value?.wholeNumber(in: 0...UInt64(Int64.max))
    }
}
