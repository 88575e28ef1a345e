/// The folder entries whose change can change what a path names: the path's own entry, the entry of
/// each folder on the way to it, as far as they exist, and a symbolic link's destination.
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

    /// From the outermost folder in; the path's own entry last if its folder exists, then a link's destination.
    let entries: [Entry]

    /// How many times a watcher looks again for folders made while it was adding watches, before it
    /// settles for what it has; the next event makes it look again.
    static let maximumLooks = 8

    /// The folder nearest the file that exists, whose watch matters most.
    let innermostFolder: String?

    /// The entries for `path` as the file system is now.
    init(for path: String, fileSystem: FileSystem) {
        var entries: [Entry] = []
        let components = path.split(separator: "/").map(String.init)
        var folder = path.hasPrefix("/") ? "/" : "."
        for (index, component) in components.enumerated() {
            entries.append(Entry(folder: folder, name: component, isFile: index == components.count - 1))
            folder = folder == "/" ? "/" + component : folder + "/" + component
            if index < components.count - 1, fileSystem.kind(folder) != .folder { break }
        }
        innermostFolder = entries.last?.folder
        if let destination = WatchedEntries.destination(of: path, fileSystem: fileSystem),
            let slash = destination.lastIndex(of: "/")
        {
            let destinationFolder = slash == destination.startIndex ? "/" : String(destination[..<slash])
            let entry = Entry(
                folder: destinationFolder, name: String(destination[destination.index(after: slash)...]), isFile: true)
            if !entry.name.isEmpty, !entries.contains(entry) { entries.append(entry) }
        }
        self.entries = entries
    }

    /// Where `path` really is, if a link on the way makes that somewhere else: its resolved path,
    /// or, for a dangling link, the folder-relative destination the first save would create.
    private static func destination(of path: String, fileSystem: FileSystem) -> String? {
        if let resolved = fileSystem.resolve(path) { return resolved }
        guard let destination = fileSystem.linkDestination(path) else { return nil }
        if destination.hasPrefix("/") { return destination }
        let folder = TallyStore.folder(of: path)
        return (folder.isEmpty ? "." : folder) + "/" + destination
    }
}
