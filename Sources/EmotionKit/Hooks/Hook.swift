/// An executable file in the hooks folder, run after each committed change unless it is not trusted.
///
/// A trusted hook holds its file open from the moment it was judged, and that open file is what
/// runs: renaming, replacing or relinking anything on its path afterwards changes nothing.
public struct Hook: Equatable, Sendable {
    /// Its file name, for messages; bytes that are not UTF-8 show as U+FFFD.
    public let name: String
    /// Its file name's bytes, exactly as the folder holds them.
    let fileName: [UInt8]
    /// The path of the folder it is in, as given.
    let folder: String
    /// The folder's path made absolute (not resolving links), which the hook is told as `EMOTIONS_HOOK`.
    let absoluteFolder: String
    /// Why it is not run, if it is not: someone else could change it (the file a link leads to, for a link).
    public let distrust: HookDistrust?
    /// Why it is not run, if it is a link that someone else could change or that leads through such a folder.
    public let pathDistrust: HookPathDistrust?
    /// The file, open, if it is trusted.
    let file: HookFile?

    /// The hook named `fileName` in the folder at `folder` (`absoluteFolder`), not run if there is
    /// `distrust` or `pathDistrust`, else run from `file`.
    init(
        fileName: [UInt8], in folder: String, absoluteFolder: String, file: HookFile?, distrust: HookDistrust? = nil,
        pathDistrust: HookPathDistrust? = nil
    ) {
        self.fileName = fileName
        self.folder = folder
        self.absoluteFolder = absoluteFolder
        self.file = file
        self.distrust = distrust
        self.pathDistrust = pathDistrust
        name = String(decoding: fileName, as: UTF8.self)
    }

    /// Whether it may run: nothing on its way nor itself could be changed by someone else.
    public var isTrusted: Bool { distrust == nil && pathDistrust == nil && file != nil }

    /// The path it is known by: the folder's path as given, a slash and the file name, as bytes.
    var path: [UInt8] {
        Hook.join(folder, fileName)
    }

    /// Its absolute path, as bytes: `argv[0]` and `EMOTIONS_HOOK`.
    var absolutePath: [UInt8] {
        Hook.join(absoluteFolder, fileName)
    }

    /// Its path, for messages; bytes that are not UTF-8 show as U+FFFD.
    public var shownPath: String {
        String(decoding: path, as: UTF8.self)
    }

    private static func join(_ folder: String, _ name: [UInt8]) -> [UInt8] {
        Array(folder.utf8) + (folder.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) + name
    }
}
