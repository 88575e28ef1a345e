/// An executable file in the hooks folder, run after each committed change.
public struct Hook: Equatable, Sendable {
    /// Its file name, for messages; bytes that are not UTF-8 show as U+FFFD.
    public let name: String
    /// Its file name's bytes, exactly as the folder holds them.
    let fileName: [UInt8]
    /// The path of the folder it is in, as given.
    let folder: String

    /// The hook named `fileName` in the folder at `folder`.
    init(fileName: [UInt8], in folder: String) {
        self.fileName = fileName
        self.folder = folder
        name = String(decoding: fileName, as: UTF8.self)
    }

    /// The path it is started by: the folder's path, a slash and the file name, as bytes.
    var path: [UInt8] {
        Array(folder.utf8) + (folder.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) + fileName
    }
}
