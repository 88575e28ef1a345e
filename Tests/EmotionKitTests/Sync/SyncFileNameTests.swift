@testable import EmotionKit
import Testing

/// Telling a history's file, a sync tool's copy of one, and everything else apart by name alone.
@Suite struct SyncFileNameTests {
    private static let id = "01KAT8FW5X6N3X9R2T4K7M1P0Z"
    private static let history = HistoryID(text: id)!

    @Test func aHistorysOwnFileIsItsIdAndJsonl() {
        expect(SyncFileName(Self.id + ".jsonl"), equals: .history(Self.history))
        expect(SyncFileName.name(of: Self.history), equals: Self.id + ".jsonl")
        expect(SyncFileName(SyncFileName.name(of: Self.history)).history, equals: Self.history)
    }

    @Test(arguments: [
        // Syncthing (lib/model/folder_sendrecv.go, conflictName)
        id + ".sync-conflict-20261126-141500-ABCDEFG.jsonl",
        id + ".sync-conflict-20261126-141500-7.jsonl",
        // Dropbox, with and without a date, numbered, stacked
        id + " (Some Body's conflicted copy 2026-11-26).jsonl",
        id + " (Some Body's conflicted copy 2026-11-26 (1)).jsonl",
        id + " (LAPTOP-7Q's conflicted copy 2026-11-26).jsonl",
        id + " (michael johnson's conflicted copy).jsonl",
        id + " (michael johnson's conflicted copy) (1) (michael johnson's conflicted copy).jsonl",
        id + " (Sam's conflicting copy 2022-08-30).jsonl",
        // Nextcloud and ownCloud, new and old
        id + " (conflicted copy 2026-11-26 141500).jsonl",
        id + " (conflicted copy alice_ 2026-11-26 141500).jsonl",
        id + "_conflict-20261126-141500.jsonl",
        id + "_conflict-alice-20261126-141500.jsonl",
        // Seafile
        id + " (SFConflict me@example.com 2026-11-26-14-15-00).jsonl",
        // iCloud Drive and the Finder; Windows, OneDrive and Google Drive
        id + " 2.jsonl",
        id + " 13.jsonl",
        id + " (1).jsonl",
        // OneDrive keeping both, with the computer's name
        id + "-hostname.jsonl",
        id + "-ip-172-31-41-236.jsonl",
        id + "-DESKTOP-4F2K9QJ.jsonl",
        // A copy of a copy
        id + " (conflicted copy 2026-11-26 141500).sync-conflict-20261127-080000-ABCDEFG.jsonl",
        id + " 2 (1).jsonl",
    ])
    func aSyncToolsCopyIsAConflictCopyOfTheHistory(name: String) {
        expect(SyncFileName(name), equals: .conflictCopy(of: Self.history))
    }

    @Test(arguments: [
        // Temporary files and the tools' own state
        ".syncthing." + id + ".jsonl.tmp",
        "~syncthing~" + id + ".jsonl.tmp",
        ".syncthing.b1946ac92492d2347c6235b4d2611184.tmp",
        ".stfolder", ".stignore", ".stversions",
        ".dropbox", ".dropbox.cache", ".dropbox.attr",
        "." + id + ".jsonl.icloud",
        ".DS_Store", "desktop.ini", "Icon\r",
        id + ".jsonl.tmp", id + ".tmp", id + ".jsonl~", id + ".jsonl.part",
        // Other lengths and spellings of the id
        id.lowercased() + ".jsonl",
        String(id.dropLast()) + ".jsonl",
        id + "Z.jsonl",
        id + "2.jsonl",
        "81KAT8FW5X6N3X9R2T4K7M1P0Z.jsonl",  // past 128 bits
        "01KAT8FW5X6N3X9R2T4K7M1POZ.jsonl",  // the letter O
        id + ".JSONL", id + ".json", id, id + ".jsonl.jsonl",
        // Marks that are no sync tool's
        id + " copy.jsonl",
        id + " (Case Conflict).jsonl",
        id + " (draft).jsonl",
        id + " 12345.jsonl",
        id + " (12345).jsonl",
        id + "-2.jsonl",
        id + "-.jsonl",
        id + ".sync-conflict-2026-141500-ABCDEFG.jsonl",
        id + ".sync-conflict-20261126-141500-.jsonl",
        id + "_conflict-alice.jsonl",
        id + " (conflicted copy 2026-11-26 141500.jsonl",
        id + " ((((conflicted copy)))).jsonl",
        id + " (Konfliktkopie von Max 2026-11-26).jsonl",
        "emotions.jsonl", "emotions.json", "emotions.json.journal", "", ".jsonl",
    ])
    func everythingElseIsIgnored(name: String) {
        expect(SyncFileName(name), equals: .ignored)
        expect(SyncFileName(name).history, equals: nil)
    }
}
