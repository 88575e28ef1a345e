import Foundation

extension TemporaryFolder {
    /// Writes `script` to `name` inside the folder's `folder`, creating it, with `permissions`; returns its path.
    ///
    /// The folder is made writable only by its owner whatever the umask, as hooks run only from such a folder.
    ///
    /// Written through a descriptor closed on exec: tests run in parallel, and a hook another test
    /// starts meanwhile would otherwise inherit it, and keep the script busy (`ETXTBSY`) as it runs.
    @discardableResult
    func writeHook(_ name: String, _ script: String, in folder: String = "hooks", permissions: Int = 0o755) throws -> String {
        try FileManager.default.createDirectory(atPath: file(folder), withIntermediateDirectories: true)
        guard chmod(file(folder), 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let path = file(folder + "/" + name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(permissions))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(script.utf8)
        guard systemWrite(descriptor, bytes) == bytes.count, fchmod(descriptor, mode_t(permissions)) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return path
    }

    /// The text of a file inside the folder, or nil if there is none.
    func text(of name: String) -> String? {
        bytes(of: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// `write`, which `TemporaryFolder.write` shadows inside the class.
private func systemWrite(_ descriptor: Int32, _ bytes: [UInt8]) -> Int {
    write(descriptor, bytes, bytes.count)
}
