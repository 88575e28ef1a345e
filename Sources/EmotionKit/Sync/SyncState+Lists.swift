extension SyncState {
    /// The read cursors of the folder's files, by file name, kept in name order.
    ///
    /// A short sorted list, not a `Dictionary`: every command of a synced history reads and writes
    /// these, and a dictionary's storage type is built at run time on first use, with a search of
    /// the runtime's conformance tables for its key's `Hashable` (about 140,000 instructions a tap
    /// each; see Performance.md). A folder holds at most a few hundred files.
    package struct ReadCursors: Equatable, Sendable {
        /// One file's cursor.
        package struct Entry: Equatable, Sendable {
            /// The file's name in the folder.
            package let file: String
            /// How far it was read.
            package var cursor: ReadCursor
        }

        /// The cursors, in file name order.
        package private(set) var entries: [Entry] = []

        /// No cursors.
        package init() {}

        /// The cursor of `file`, if it was read; setting `nil` forgets it.
        package subscript(file: String) -> ReadCursor? {
            get { entries.first { $0.file == file }?.cursor }
            set {
                let index = entries.firstIndex { $0.file >= file } ?? entries.endIndex
                let found = index < entries.endIndex && entries[index].file == file
                switch (newValue, found) {
                case let (cursor?, true): entries[index].cursor = cursor
                case let (cursor?, false): entries.insert(Entry(file: file, cursor: cursor), at: index)
                case (nil, true): entries.remove(at: index)
                case (nil, false): break
                }
            }
        }

        /// Forgets the cursors of the files `keeps` does not accept.
        package mutating func keep(where keeps: (String) -> Bool) {
            entries.removeAll { !keeps($0.file) }
        }
    }

    /// The other histories' readable names, by id, kept in id order; a sorted list for the reason
    /// `ReadCursors` is one.
    package struct Names: Equatable, Sendable {
        /// One history's name.
        package struct Entry: Equatable, Sendable {
            /// The history.
            package let history: HistoryID
            /// Its name, from its file's header.
            package var name: String
        }

        /// The names, in id order.
        package private(set) var entries: [Entry] = []

        /// No names.
        package init() {}

        /// The name of `history`, if one is known; setting `nil` forgets it.
        package subscript(history: HistoryID) -> String? {
            get { entries.first { $0.history == history }?.name }
            set {
                let index = entries.firstIndex { !($0.history < history) } ?? entries.endIndex
                let found = index < entries.endIndex && entries[index].history == history
                switch (newValue, found) {
                case let (name?, true): entries[index].name = name
                case let (name?, false): entries.insert(Entry(history: history, name: name), at: index)
                case (nil, true): entries.remove(at: index)
                case (nil, false): break
                }
            }
        }
    }
}
