/// What a history keeps of its sync folder, under the data file's `"sync"` key: the folder, the
/// history's name and identities, how much of its own history it has published, and how far it has
/// read each other file. Local state: it is never written into the folder.
///
/// ```
/// "sync": {"folder": "/home/me/Sync/emotions", "name": "laptop",
///          "journal": {"inode": 1837402},
///          "identities": [{"history": "01KAT8…", "since": 1}],
///          "sent": {"bytes": 3456, "seq": 12, "size": 4100},
///          "read": {"01KB2…jsonl": {"bytes": 900, "line": 180, "hash": "9f…"}},
///          "listed": {"device": 2049, "inode": 1837, "seconds": 1795776984, "nanoseconds": 0, "names": […]}}
/// ```
package struct SyncState: Equatable, Sendable {
    /// The folder's absolute path.
    package var folder: String
    /// The history's readable name, shown by `log` (default: the host name).
    package var name: String
    /// The ids this history has spoken as, each with the journal sequence its own events start at; the
    /// last is the current one. Empty until the history's first own event names it.
    package var identities: [Identity]
    /// The inode of the journal this state was saved with: a journal of another inode is a copy of
    /// this history's (a restored backup, a copied folder), which goes on under a new id. `nil` in a data
    /// file from before it was recorded.
    package var journalInode: UInt64?
    /// The `journalInode` a stopped state gets when its journal is made again after it was lost (no
    /// journal has inode 0): setting the folder again is then refused whatever the folder holds, as its
    /// counts from before hold what the history synced (`StoreError.journalMadeAgain`).
    package static let journalMadeAgainInode: UInt64 = 0

    /// Whether `state`'s history has sent or taken in changes through its journal.
    static func hasSynced(_ state: SyncState) -> Bool {
        !state.identities.isEmpty || state.sent.bytes > 0
    }
    /// How far this history's own events are published.
    package var sent: Sent
    /// How far each other file of the folder has been read, by file name.
    package var read: ReadCursors
    /// The other histories' readable names, from their files' headers, by id.
    package var names: Names
    /// Events this history holds at one address that another history's file holds at another: those
    /// imported into both before sync. Found again from the folder's files if this state is lost.
    package var aliases: [Alias] = []
    /// The names the folder held when last listed, while its time promises they are all it holds
    /// (see `ListedNames`); `nil` until a listing finds its time settled.
    package var listed: ListedNames?

    /// An event held here under another address, at `sequence` of `history`.
    package struct Alias: Equatable, Sendable {
        package var id: EventID
        package var history: HistoryID
        package var sequence: UInt64
        package var after: [HistoryMark]
    }

    /// One identity: the id, and the first journal sequence whose own events it speaks for.
    package struct Identity: Equatable, Sendable {
        package var history: HistoryID
        package var since: UInt64
    }

    /// How far the own file is written: the journal offset read up to, how many of the current
    /// identity's events were published, the own file's size after them, and what arrived (or was
    /// spoken as before) since the last own event, for the next one's `after`.
    package struct Sent: Equatable, Sendable {
        package var bytes: Int64 = 0
        package var sequence: UInt64 = 0
        package var size: Int64 = 0
        package var after: [HistoryMark] = []
    }

    /// How far a file was read: the bytes read (whole lines), and the length and hash of the last line,
    /// so that a file a sync tool replaced is still known to go on from there.
    package struct ReadCursor: Equatable, Sendable {
        package var bytes: Int64
        package var line: Int64
        package var hash: UInt64
    }

    /// A state for `folder`, with nothing sent or read.
    package init(folder: String, name: String) {
        self.folder = folder
        self.name = name
        identities = []
        sent = Sent()
        read = ReadCursors()
        names = Names()
    }
}

extension SyncState {
    /// The state the `"sync"` value holds; `nil` if it is not one this version reads.
    package init?(json: JSONValue) {
        guard case let .string(folder)? = json["folder"], folder.hasPrefix("/"), !folder.contains(where: \.isNewline),
            case let .string(name)? = json["name"], (1...64).contains(name.unicodeScalars.count),
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }),
            let identities = SyncState.identities(in: json["identities"]), let sent = SyncState.sent(in: json["sent"]),
            let names = SyncState.names(in: json["names"]), let aliases = SyncState.aliases(in: json["aliases"]),
            let read = SyncState.readCursors(in: json["read"])
        else { return nil }
        self.init(folder: folder, name: name)
        (self.identities, self.sent, self.names, self.aliases, self.read) = (identities, sent, names, aliases, read)
        if let journal = json["journal"] {
            guard case let .number(text)? = journal["inode"], let inode = UInt64(text) else { return nil }
            journalInode = inode
        }
        listed = ListedNames(json: json["listed"])
    }

    /// The identities of an `"identities"` array; none if there is no array; `nil` if one is not an identity.
    private static func identities(in value: JSONValue?) -> [Identity]? {
        guard case let .array(list)? = value else { return [] }
        var identities: [Identity] = []
        for item in list {
            guard case let .string(text)? = item["history"], let history = HistoryID(text: text),
                let since = item["since"]?.wholeNumber(in: 1...UInt64.max)
            else { return nil }
            identities.append(Identity(history: history, since: since))
        }
        return identities
    }

    /// The `"sent"` object; nothing sent if there is none; `nil` if it is not one.
    private static func sent(in value: JSONValue?) -> Sent? {
        guard let value else { return Sent() }
        guard let bytes = number(value["bytes"], Int64.self), let sequence = number(value["seq"], UInt64.self),
            let size = number(value["size"], Int64.self), let after = marks(in: value["after"])
        else { return nil }
        return Sent(bytes: bytes, sequence: sequence, size: size, after: after)
    }

    /// The other histories' names of a `"names"` object; none if there is no object; `nil` if one is not a name.
    private static func names(in value: JSONValue?) -> Names? {
        guard case let .object(members)? = value else { return Names() }
        var names = Names()
        for (key, value) in members {
            guard let history = HistoryID(text: key), case let .string(name) = value else { return nil }
            names[history] = name
        }
        return names
    }

    /// The aliases of an `"aliases"` array; none if there is no array; `nil` if one is not an alias.
    private static func aliases(in value: JSONValue?) -> [Alias]? {
        guard case let .array(list)? = value else { return [] }
        var aliases: [Alias] = []
        for item in list {
            guard case let .string(idText)? = item["id"], let id = EventID(parsing: idText),
                case let .string(historyText)? = item["history"], let history = HistoryID(text: historyText),
                let sequence = number(item["seq"], UInt64.self), sequence >= 1, let after = marks(in: item["after"])
            else { return nil }
            aliases.append(Alias(id: id, history: history, sequence: sequence, after: after))
        }
        return aliases
    }

    /// The cursors of a `"read"` object, by file name; none if there is no object; `nil` if one is not a cursor.
    private static func readCursors(in value: JSONValue?) -> ReadCursors? {
        guard case let .object(members)? = value else { return ReadCursors() }
        var read = ReadCursors()
        for (file, cursor) in members {
            guard let bytes = number(cursor["bytes"], Int64.self), let line = number(cursor["line"], Int64.self),
                case let .string(hashText)? = cursor["hash"], let hash = UInt64(hashText, radix: 16)
            else { return nil }
            read[file] = ReadCursor(bytes: bytes, line: line, hash: hash)
        }
        return read
    }

    /// The marks of an `"after"` object, history to sequence; none if there is no object; `nil` if one is not a mark.
    private static func marks(in value: JSONValue?) -> [HistoryMark]? {
        guard case let .object(members)? = value else { return [] }
        var marks: [HistoryMark] = []
        for (key, value) in members {
            guard let history = HistoryID(text: key), let seq = number(value, UInt64.self) else { return nil }
            marks.append(HistoryMark(history, seq))
        }
        return marks
    }

    /// The `"sync"` value.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("folder", .string(folder)), ("name", .string(name))]
        if let journalInode { members.append(("journal", .object([("inode", .number(String(journalInode)))]))) }
        members.append(
            ("identities", .array(identities.map { .object([("history", .string($0.history.description)), ("since", .number(String($0.since)))]) })))
        members.append(
            ("sent", .object([
                ("bytes", .number(String(sent.bytes))), ("seq", .number(String(sent.sequence))), ("size", .number(String(sent.size))),
                ("after", .object(sent.after.map { ($0.history.description, .number(String($0.seq))) })),
            ])))
        members.append(
            ("read", .object(read.entries.map { entry in
                (entry.file, .object([
                    ("bytes", .number(String(entry.cursor.bytes))), ("line", .number(String(entry.cursor.line))),
                    ("hash", .string(String(entry.cursor.hash, radix: 16))),
                ]))
            })))
        members.append(
            ("aliases", .array(aliases.map {
                .object([
                    ("id", .string($0.id.description)), ("history", .string($0.history.description)),
                    ("seq", .number(String($0.sequence))),
                    ("after", .object($0.after.map { ($0.history.description, .number(String($0.seq))) })),
                ])
            })))
        members.append(("names", .object(names.entries.map { ($0.history.description, .string($0.name)) })))
        if let listed { members.append(("listed", listed.json)) }
        return .object(members)
    }

    /// The current identity, if the history has one yet.
    package var history: HistoryID? { identities.last?.history }

    /// A whole number from 0 to 2⁶², far past any journal or file: arithmetic on it cannot overflow.
    private static func number<Number: FixedWidthInteger>(_ value: JSONValue?, _ type: Number.Type) -> Number? {
        value?.wholeNumber(in: 0...(Int64(1) << 62)).map { Number($0) }
    }
}
