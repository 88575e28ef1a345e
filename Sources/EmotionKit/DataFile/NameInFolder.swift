/// A name in an open folder: where the data file, its lock file or a temporary file is, or is to be.
///
/// Every file operation of an update is relative to the folder's descriptor, so the folder cannot
/// be swapped for another between one call and the next.
struct NameInFolder {
    /// The folder, open.
    let folder: FileSystem.Descriptor
    /// The name in it.
    let name: String

    /// The name's path, for messages.
    var path: String { DataPath(folder.path).appending(name).string }
}
