/// An executable file in the hooks folder, run after each committed change unless it is not trusted.
public struct Hook: Equatable, Sendable {
    /// Its file name, for messages; bytes that are not UTF-8 show as U+FFFD.
    public let name: String
    /// Its file name's bytes, exactly as the folder holds them.
    let fileName: [UInt8]
    /// The path of the folder it is in, as given.
    let folder: String
    /// Why it is not run, if it is not: someone else could change it (the file a link leads to, for a link).
    public let distrust: HookDistrust?

    /// The hook named `fileName` in the folder at `folder`, not run if there is `distrust`.
    init(fileName: [UInt8], in folder: String, distrust: HookDistrust? = nil) {
        self.fileName = fileName
        self.folder = folder
        self.distrust = distrust
        name = String(decoding: fileName, as: UTF8.self)
    }

    /// The path it is started by: the folder's path, a slash and the file name, as bytes.
    var path: [UInt8] {
        Array(folder.utf8) + (folder.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) + fileName
    }

    /// Its path, for messages; bytes that are not UTF-8 show as U+FFFD.
    public var shownPath: String {
        String(decoding: path, as: UTF8.self)
    }
}
