/// What a history keeps of its sync folder, under the data file's `"sync"` key: the folder, the
/// history's name and identities, how much of its own history it has published, and how far it has
/// read each other file. Local state: it is never written into the folder.
///
/// ```
/// "sync": {"folder": "/home/me/Sync/emotions", "name": "laptop",
///          "identities": [{"history": "01KAT8…", "since": 1}],
///          "sent": {"bytes": 3456, "seq": 12, "size": 4100},
///          "read": {"01KB2…jsonl": {"bytes": 900, "line": 180, "hash": "9f…"}}}
/// ```
package struct SyncState: Equatable, Sendable {
    /// The folder's absolute path.
    package var folder: String
    /// The history's readable name, shown by `log` (default: the host name).
    package var name: String
    /// The ids this history has spoken as, each with the journal sequence its own events start at; the
    /// last is the current one. Empty until the history's first own event names it.
    package var identities: [Identity]
    /// How far this history's own events are published.
    package var sent: Sent
    /// How far each other file of the folder has been read, by file name.
    package var read: ReadCursors
    /// The other histories' readable names, from their files' headers, by id.
    package var names: Names
    /// Events this history holds at one address that another history's file holds at another: those
    /// imported into both before sync. Found again from the folder's files if this state is lost.
    package var aliases: [Alias] = []

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
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return nil }
        self.init(folder: folder, name: name)
        if case let .array(list)? = json["identities"] {
            for item in list {
                guard case let .string(text)? = item["history"], let history = HistoryID(text: text),
                    case let .number(sinceText)? = item["since"], let since = UInt64(sinceText), since >= 1
                else { return nil }
                identities.append(Identity(history: history, since: since))
            }
        }
        if let sent = json["sent"] {
            guard let bytes = SyncState.number(sent["bytes"], Int64.self), let sequence = SyncState.number(sent["seq"], UInt64.self),
                let size = SyncState.number(sent["size"], Int64.self)
            else { return nil }
            var after: [HistoryMark] = []
            if case let .object(marks)? = sent["after"] {
                for (key, value) in marks {
                    guard let history = HistoryID(text: key), let seq = SyncState.number(value, UInt64.self) else { return nil }
                    after.append(HistoryMark(history, seq))
                }
            }
            self.sent = Sent(bytes: bytes, sequence: sequence, size: size, after: after)
        }
        if case let .object(members)? = json["names"] {
            for (key, value) in members {
                guard let history = HistoryID(text: key), case let .string(name) = value else { return nil }
                names[history] = name
            }
        }
        if case let .array(list)? = json["aliases"] {
            for item in list {
                guard case let .string(idText)? = item["id"], let id = EventID(parsing: idText),
                    case let .string(historyText)? = item["history"], let history = HistoryID(text: historyText),
                    let sequence = SyncState.number(item["seq"], UInt64.self), sequence >= 1
                else { return nil }
                var after: [HistoryMark] = []
                if case let .object(marks)? = item["after"] {
                    for (key, value) in marks {
                        guard let other = HistoryID(text: key), let seq = SyncState.number(value, UInt64.self) else { return nil }
                        after.append(HistoryMark(other, seq))
                    }
                }
                aliases.append(Alias(id: id, history: history, sequence: sequence, after: after))
            }
        }
        if case let .object(members)? = json["read"] {
            for (file, cursor) in members {
                guard let bytes = SyncState.number(cursor["bytes"], Int64.self), let line = SyncState.number(cursor["line"], Int64.self),
                    case let .string(hashText)? = cursor["hash"], let hash = UInt64(hashText, radix: 16)
                else { return nil }
                read[file] = ReadCursor(bytes: bytes, line: line, hash: hash)
            }
        }
    }

    /// The `"sync"` value.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("folder", .string(folder)), ("name", .string(name))]
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
        return .object(members)
    }

    /// The current identity, if the history has one yet.
    package var history: HistoryID? { identities.last?.history }

    /// A whole number from 0 to 2⁶², far past any journal or file: arithmetic on it cannot overflow.
    private static func number<Number: FixedWidthInteger>(_ value: JSONValue?, _ type: Number.Type) -> Number? {
        guard case let .number(text)? = value, let number = Int64(text), (0...(Int64(1) << 62)).contains(number) else { return nil }
        return Number(number)
    }
}
