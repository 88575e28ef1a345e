/// What a name in a sync folder is: a history's file, a copy of one that a sync tool made when two
/// machines changed it at once, or nothing of ours.
///
/// A history's file is exactly `<id>.jsonl`, the id in its canonical text (26 characters of
/// Crockford's base32, upper case). A conflict copy is that id, then one or more of the marks
/// below, then `.jsonl`: each sync tool puts its mark before the extension, and a copy of a copy
/// gets a second mark. Its lines are more lines of the same history.
///
/// - Syncthing: `<id>.sync-conflict-<YYYYMMDD>-<HHMMSS>-<device>.jsonl`, the device a short id
///   such as `ABCDEFG` (`conflictName` in syncthing's `lib/model/folder_sendrecv.go`:
///   `… + time.Now().Format(".sync-conflict-20060102-150405-") + lastModBy + ext`; "Conflicting
///   Changes" in https://docs.syncthing.net/users/syncing.html).
/// - Dropbox: `<id> (<who>'s conflicted copy <YYYY-MM-DD>).jsonl`, `<who>` a person's or a
///   computer's name, sometimes with a number for a second copy the same day, `… 2026-11-26 (1))`,
///   and older ones without a date (https://help.dropbox.com/organize/conflicted-copy; copies such
///   as `INBOX (michael johnson's conflicted copy) (1).taskpaper` in dtjm/textdropapp.com#62).
///   Maestral, a Dropbox client, writes `conflicting copy` (samschott/maestral#862).
/// - Nextcloud and ownCloud: `<id> (conflicted copy [<user> ]<YYYY-MM-DD> <HHMMSS>).jsonl`
///   (`Utility::makeConflictFileName` in nextcloud/desktop's `src/common/utility.cpp`; the
///   desktop client's "Conflicts" page in docs.nextcloud.com), and before 2018
///   `<id>_conflict-[<user>-]<YYYYMMDD>-<HHMMSS>.jsonl` (owncloud/client#6417).
/// - Seafile: `<id> (SFConflict <email> <YYYY-MM-DD-HH-MM-SS>).jsonl` (https://www.seafile.com/en/help/conflicts/).
/// - Numbered copies: `<id> 2.jsonl` (iCloud Drive and the macOS Finder) and `<id> (1).jsonl`
///   (Windows, OneDrive, Google Drive), one to four digits.
/// - A computer's name: `<id>-<hostname>.jsonl`, as OneDrive keeps both when it cannot merge
///   (`L01-ip-172-31-41-236.csv` in abraunegg/onedrive#66): letters, digits and hyphens, at
///   least one letter, up to 63 characters.
///
/// Everything else is ignored, and so are localised marks (Dropbox's German `Konfliktkopie`):
/// the sync tools' temporary files (`.syncthing.<name>.tmp`, `~syncthing~<name>.tmp`), their
/// folders and state (`.stfolder`, `.dropbox`, `.dropbox.cache`), other dot files, `*.tmp`, names
/// of another length, and ids not written canonically. A copy that is ignored loses nothing: the
/// history it copies sends again what the folder's file lacks.
package enum SyncFileName: Hashable, Sendable {
    /// The history's own file, `<id>.jsonl`.
    case history(HistoryID)
    /// A copy a sync tool made of the history's file.
    case conflictCopy(of: HistoryID)
    /// Nothing of ours.
    case ignored

    /// The extension every file of ours has.
    package static let fileExtension = ".jsonl"

    /// The name of `history`'s own file: `<id>.jsonl`.
    package static func name(of history: HistoryID) -> String {
        history.description + fileExtension
    }

    /// What the directory entry `name` is.
    package init(_ name: String) {
        let bytes = Array(name.utf8)
        let idLength = 26
        let tail = Array(SyncFileName.fileExtension.utf8)
        guard bytes.count >= idLength + tail.count, bytes.suffix(tail.count).elementsEqual(tail),
            let history = HistoryID(utf8: bytes[..<idLength])
        else {
            self = .ignored
            return
        }
        var marks = ConflictMarks(bytes[idLength..<(bytes.count - tail.count)])
        if marks.isEmpty {
            self = .history(history)
        } else if marks.readAll() {
            self = .conflictCopy(of: history)
        } else {
            self = .ignored
        }
    }

    /// The history the file holds lines of; `nil` for a name of no history.
    /// Whether it is a sync tool's copy of a history's file, not the file itself.
    package var isConflictCopy: Bool {
        if case .conflictCopy = self { return true }
        return false
    }

    package var history: HistoryID? {
        switch self {
        case let .history(history), let .conflictCopy(of: history): history
        case .ignored: nil
        }
    }
}

/// The marks sync tools put between a file's name and its extension, read one after another.
private struct ConflictMarks {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Whether the bytes are nothing but marks, at least one.
    mutating func readAll() -> Bool {
        while position < bytes.endIndex {
            guard syncthing() || parenthesised() || numbered() || ownCloud() || hostname() else { return false }
        }
        return true
    }

    // MARK: - Marks

    /// `.sync-conflict-20261126-141500-ABCDEFG`.
    private mutating func syncthing() -> Bool {
        attempt {
            $0.skip(".sync-conflict-") && $0.digits(8) && $0.skip("-") && $0.digits(6) && $0.skip("-")
                && $0.run(of: ConflictMarks.isLetterOrDigit) > 0
        }
    }

    /// ` (… conflicted copy …)`, ` (SFConflict …)` or ` (1)`, with at most one more pair of
    /// parentheses inside (Dropbox's `(… 2026-11-26 (1))`).
    private mutating func parenthesised() -> Bool {
        attempt { marks in
            guard marks.skip(" ("), let inside = marks.untilClosingParenthesis() else { return false }
            let words = String(decoding: inside, as: UTF8.self)
            let lowered = words.lowercased()
            return lowered.contains("conflicted copy") || lowered.contains("conflicting copy")
                || words.hasPrefix("SFConflict ") || (1...4).contains(inside.count) && inside.allSatisfy(ConflictMarks.isDigit)
        }
    }

    /// ` 2`.
    private mutating func numbered() -> Bool {
        attempt { $0.skip(" ") && (1...4).contains($0.run(of: ConflictMarks.isDigit)) }
    }

    /// `_conflict-20261126-141500` or `_conflict-alice-20261126-141500`.
    private mutating func ownCloud() -> Bool {
        attempt { marks in
            guard marks.skip("_conflict-") else { return false }
            guard marks.run(of: { ConflictMarks.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }) >= 15 else { return false }
            var stamp = ConflictMarks(marks.bytes[(marks.position - 15)..<marks.position])
            return stamp.digits(8) && stamp.skip("-") && stamp.digits(6)
        }
    }

    /// `-DESKTOP-1234`: a computer's name.
    private mutating func hostname() -> Bool {
        attempt { marks in
            guard marks.skip("-") else { return false }
            let start = marks.position
            let length = marks.run(of: { ConflictMarks.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") })
            return (1...63).contains(length) && marks.bytes[start..<marks.position].contains(where: ConflictMarks.isLetter)
        }
    }

    // MARK: - Reading

    /// Runs `read`, and goes back to where it started unless it returns `true`.
    private mutating func attempt(_ read: (inout ConflictMarks) -> Bool) -> Bool {
        let start = position
        if read(&self) { return true }
        position = start
        return false
    }

    private mutating func skip(_ text: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard bytes[position...].starts(with: expected) else { return false }
        position += expected.count
        return true
    }

    /// Exactly `count` ASCII digits.
    private mutating func digits(_ count: Int) -> Bool {
        guard bytes.endIndex - position >= count, bytes[position..<(position + count)].allSatisfy(ConflictMarks.isDigit)
        else { return false }
        position += count
        return true
    }

    /// Skips the bytes that pass `test`, and says how many.
    private mutating func run(of test: (UInt8) -> Bool) -> Int {
        let start = position
        while position < bytes.endIndex, test(bytes[position]) { position += 1 }
        return position - start
    }

    /// The bytes before the parenthesis that closes one just skipped, allowing one pair inside;
    /// `nil` if there is none.
    private mutating func untilClosingParenthesis() -> ArraySlice<UInt8>? {
        let start = position
        var depth = 1
        while position < bytes.endIndex {
            switch bytes[position] {
            case UInt8(ascii: "("):
                depth += 1
                guard depth <= 2 else { return nil }
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 {
                    position += 1
                    return bytes[start..<(position - 1)]
                }
            default: break
            }
            position += 1
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) }
}
