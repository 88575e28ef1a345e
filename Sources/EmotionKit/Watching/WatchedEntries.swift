/// The folder entries whose change can change what a path names: the path's own entry, the entry of
/// each folder on the way to it, as far as they exist, and the same for each symbolic link's
/// destination along a chain of links.
///
/// Watching these, rather than the file, follows the file through atomic renames, deletion and
/// re-creation, and a folder on its way being created or moved later.
struct WatchedEntries: Equatable, Sendable {
    /// A name in a folder.
    struct Entry: Equatable, Sendable {
        /// The folder to watch.
        let folder: String
        /// The name in it that matters.
        let name: String
        /// Whether the name is the file's own (or a link's destination), rather than a folder's on the way.
        let isFile: Bool
    }

    /// From the outermost folder in, the path's own entry last if its folder exists; then those of each
    /// link's destination in turn.
    let entries: [Entry]

    /// How many times a watcher looks again for folders made while it was adding watches, before it
    /// settles for what it has; the next event makes it look again.
    static let maximumLooks = 8

    /// The folder nearest the file that exists, whose watch matters most.
    let innermostFolder: String?

    /// The entries for `path` as the file system is now: those of the path itself, and of each
    /// symbolic link's destination in turn, so that a link repointed anywhere in a chain of links, or
    /// a destination whose folders do not exist yet, is seen as it changes.
    init(for path: String, fileSystem: FileSystem) {
        var entries: [Entry] = []
        var candidate = path
        for _ in 0..<PathWalk.maximumLinks {
            for entry in WatchedEntries.chain(to: candidate, fileSystem: fileSystem) where !entries.contains(entry) {
                entries.append(entry)
            }
            guard let destination = fileSystem.linkDestination(candidate) else { break }
            // `child`, not `appending`: a relative chain keeps its `./`, as the watched folders show it.
            candidate = destination.hasPrefix("/") ? destination : DataPath(candidate).folder.child(destination).string
        }
        self.entries = entries
        innermostFolder = WatchedEntries.chain(to: path, fileSystem: fileSystem).last?.folder
    }

    /// The entries from the outermost folder of `path` in, as far as its folders exist: the last is
    /// the path's own name if its folder exists.
    private static func chain(to path: String, fileSystem: FileSystem) -> [Entry] {
        var entries: [Entry] = []
        let components = path.split(separator: "/").map(String.init)
        var folder = path.hasPrefix("/") ? "/" : "."
        for (index, component) in components.enumerated() {
            entries.append(Entry(folder: folder, name: component, isFile: index == components.count - 1))
            folder = DataPath(folder).child(component).string
            if index < components.count - 1, fileSystem.kind(folder) != .folder { break }
        }
        return entries
    }
}
