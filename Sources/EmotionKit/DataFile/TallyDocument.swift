/// The data file's contents: a tally, plus whatever else the file held, kept for the next rewrite.
///
/// The format is `{"version": 1, "counts": {"happy": 0, …}, "journal": {…}}`. A missing count is
/// zero; `journal` says how far into the journal the counts are (see `JournalPosition`). Keys this
/// version does not know are kept as they were written: at the top in their place, inside
/// `counts` after the five emotions, which are always written in order.
package struct TallyDocument: Equatable, Sendable {
    /// The format version this program writes, and the newest it reads.
    package static let currentVersion = 1
    /// The largest data file read; a tally needs a few hundred bytes.
    package static let sizeLimit = 1024 * 1024

    /// The counts.
    package var tally: Tally
    /// How far into the journal the counts are; `nil` in a file written before history, or by hand.
    package var journal: JournalPosition?
    /// What the system's time zone file said of the offset when last read (`ZoneMemo`), so that a tap
    /// need not read it again; `nil` where there is none (or it was not one: it is then dropped).
    package var zoneMemo: ZoneMemo?
    /// The file's members as read, unknown keys included; `nil` for a new document or a file in the
    /// form we write (`canonicalContents`), which needs no tree of values: `version` and `counts`,
    /// then `journal` if `hadJournal`.
    private var json: JSONValue?
    /// Whether a file in the form we write held `journal`: a member added later goes after it.
    private var hadJournal = false
    /// The `"sync"` member as read or last set, so that it is parsed once, not at each look. Boxed:
    /// an optional `SyncState` in place made every copy of a document, synced or not, build an
    /// optional's type at run time on a plain `tap` (about 9,000 instructions).
    private var syncState: SyncStateBox?

    /// A document with the given tally and nothing else.
    package init(tally: Tally = Tally()) {
        self.tally = tally
    }

    /// Reads a data file's bytes.
    ///
    /// - Throws: `DataFileProblem` for anything but a version-1 (or older) object with
    ///   whole, non-negative counts whose total fits in an `Int`.
    package init(parsing bytes: [UInt8]) throws(DataFileProblem) {
        guard bytes.count <= TallyDocument.sizeLimit else { throw .tooLarge(limit: TallyDocument.sizeLimit) }
        if let (tally, journal, zone) = TallyDocument.canonicalContents(of: bytes) {
            self.init(tally: tally)
            self.journal = journal
            zoneMemo = zone
            hadJournal = journal != nil
            return
        }
        try self.init(parsingAsJSON: bytes)
    }

    /// Reads a data file's bytes with the JSON parser: `init(parsing:)` for bytes in any form.
    package init(parsingAsJSON bytes: [UInt8]) throws(DataFileProblem) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw .invalidJSON(error)
        }
        guard case .object = json else { throw .notAnObject(found: json.kindDescription) }
        if let version = json["version"] {
            if case let .number(text) = version, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
                version.integerValue.map({ $0 > TallyDocument.currentVersion }) ?? true
            {
                throw .newerVersion(text)  // Any whole number past ours, however large.
            }
            guard let number = version.integerValue else { throw .versionNotAnInteger(found: version.describedForMessage) }
            guard number >= 1 else { throw .unknownVersion(number) }
        }
        var tally = Tally()
        if let countsValue = json["counts"] {
            guard case .object = countsValue else { throw .countsNotAnObject(found: countsValue.kindDescription) }
            for emotion in Emotion.allCases {
                guard let value = countsValue[emotion.name] else { continue }
                guard case let .number(text) = value else { throw .countNotANumber(emotion, found: value.describedForMessage) }
                guard let count = Int(text) else { throw .countNotAnInteger(emotion, text: text) }
                guard count >= 0 else { throw .negativeCount(emotion, count) }
                do {
                    try tally.apply(.add(count, to: emotion))
                } catch {
                    throw .totalTooLarge
                }
            }
        }
        if let sync = json["sync"] {
            guard let state = SyncState(json: sync) else { throw .badSync }
            syncState = SyncStateBox(state)
        }
        if let position = json["journal"] {
            guard let journal = JournalPosition(json: position) else {
                throw .badJournalPosition(found: position.describedForMessage)
            }
            self.journal = journal
        }
        zoneMemo = ZoneMemo(json: json["zone"])
        self.tally = tally
        self.json = json
    }

    /// The file's new contents: this tally, at the current version, with every unknown key kept.
    ///
    /// Laid out with two-space indentation, a key a line; the values of unknown keys on one line with
    /// no white space (`minimalText`), so that a file of compact JSON does not grow past what the
    /// reader accepts when it is saved again.
    package func serialized() -> [UInt8] {
        // Appended piece by piece: closures and interpolation here cost a tap tens of thousands of
        // instructions in generic metadata, for a file of a few lines.
        var members: [(key: String, value: JSONValue)] = []
        if case let .object(found)? = json { members = found }
        var output = "{\n"
        var isFirst = true
        func startMember(_ key: String) {
            if !isFirst { output += ",\n" }
            isFirst = false
            output += "  "
            output += JSONValue.string(key).minimalText
            output += ": "
        }
        if !members.contains(where: { $0.key == "version" }) {
            startMember("version")
            output += String(decimal: TallyDocument.currentVersion)
        }
        var hasCounts = false
        var hasJournal = false
        var hasZone = false
        for member in members {
            if member.key == "counts" {
                startMember(member.key)
                hasCounts = true
                writeCounts(keeping: member.value, to: &output)
                continue
            }
            guard let text = text(of: member) else { continue }
            startMember(member.key)
            output += text
            if member.key == "journal" { hasJournal = true } else if member.key == "zone" { hasZone = true }
        }
        if !hasCounts {
            startMember("counts")
            writeCounts(keeping: .null, to: &output)
        }
        if !hasJournal, let journal {
            startMember("journal")
            output += journal.jsonText
        }
        if !hasZone, let zoneMemo {
            startMember("zone")
            output += zoneMemo.jsonText
        }
        output += "\n}\n"
        return Array(output.utf8)
    }

    /// What a save writes for a member other than `counts` as it was read, or `nil` to leave it out:
    /// `version` at the current version, `journal` and `zone` as they now are (dropped with the
    /// position, or a memo that was not one or is no longer kept), `sync` as set since it was read,
    /// any other as it was written.
    private func text(of member: (key: String, value: JSONValue)) -> String? {
        switch member.key {
        case "version": String(decimal: TallyDocument.currentVersion)
        case "journal": journal?.jsonText
        case "zone": zoneMemo?.jsonText
        // Set since it was read (see `sync`): written from the state, as `minimalText` would.
        case "sync" where member.value == .null: syncState.map { String(decoding: $0.state.minimalJSON, as: UTF8.self) }
        default: member.value.minimalText
        }
    }

    /// The `counts` object: the five emotions in order, then the unknown counts of `found` as they were.
    private func writeCounts(keeping found: JSONValue, to output: inout String) {
        output += "{"
        for emotion in Emotion.allCases {
            output += emotion == .happy ? "\n    \"" : ",\n    \""
            output += emotion.name
            output += "\": "
            output += String(decimal: tally[emotion])
        }
        if case let .object(members) = found {
            for member in members where Emotion(rawValue: member.key) == nil {
                output += ",\n    "
                output += JSONValue.string(member.key).minimalText
                output += ": "
                output += member.value.minimalText
            }
        }
        output += "\n  }"
    }

    /// The sync folder's state (`SyncState`), kept under `"sync"`; `nil` where there is none or it is
    /// not one this version reads (then it is kept as it was).
    package var sync: SyncState? {
        get { syncState?.state }
        set {
            // A document without one stays as it is: a plain tap sets none on every write.
            if newValue == nil, syncState == nil, json?["sync"] == nil { return }
            guard var members = editableMembers else { return }
            syncState = newValue.map(SyncStateBox.init)
            members.removeAll { $0.key == "sync" }
            // A place for it, written from `syncState` (a valid file's `"sync"` is never `null`).
            if newValue != nil { members.append((key: "sync", value: .null)) }
            json = .object(members)
        }
    }

    /// The sync state a history had when it stopped syncing (`sync --stop`), kept under `"stopped"`
    /// so that setting a folder again goes on under the same ids (a copy's included) and inode;
    /// `nil` where there is none or it is not one this version reads. Read only when asked for.
    package var stoppedSync: SyncState? {
        get { json?["stopped"].flatMap(SyncState.init(json:)) }
        set {
            guard var members = editableMembers else { return }
            members.removeAll { $0.key == "stopped" }
            if let newValue { members.append((key: "stopped", value: newValue.json)) }
            json = .object(members)
        }
    }

    /// The members, for a setter to add one to or take one away: as read, or those of the form we write.
    private var editableMembers: [(key: String, value: JSONValue)]? {
        guard let json else {
            var members: [(key: String, value: JSONValue)] = [("version", .integer(TallyDocument.currentVersion)), ("counts", .object([]))]
            if hadJournal { members.append(("journal", .null)) }
            return members
        }
        guard case let .object(members) = json else { return nil }
        return members
    }

    /// Whether two documents would write the same file.
    package static func == (lhs: TallyDocument, rhs: TallyDocument) -> Bool {
        lhs.serialized() == rhs.serialized()
    }
}

/// A `SyncState` kept by reference, never changed: a document's copies share it, and a new state is a new box.
private final class SyncStateBox: Sendable {
    let state: SyncState

    init(_ state: SyncState) {
        self.state = state
    }
}
