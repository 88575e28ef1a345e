/// The users of the machine, as `/etc/passwd` lists them, read by hand.
///
/// Not `getpwuid`: in a static binary that loads the system's NSS modules, and it crashed
/// (SIGSEGV) for a user missing from the file. Users known only to a directory service (LDAP)
/// are not found here, which costs a name in a message or, without `HOME`, the home folder.
package struct UserDatabase: Sendable {
    /// One line of the file: a name, a user ID and a home folder.
    package struct Entry: Equatable, Sendable {
        /// The login name.
        package let name: String
        /// The user ID.
        package let id: UInt32
        /// The home folder; may be empty.
        package let home: String
    }

    /// The entries, in the file's order.
    package let entries: [Entry]

    /// The entries in `text`, in the format of `/etc/passwd`; lines that are not are skipped.
    package init(parsing text: String) {
        entries = text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 6, !fields[0].isEmpty, let id = UInt32(fields[2]) else { return nil }
            return Entry(name: String(fields[0]), id: id, home: String(fields[5]))
        }
    }

    /// The machine's `/etc/passwd`, or no users if it cannot be read (at most 4 MiB of it is).
    package static func system() -> UserDatabase {
        let file = FileSystem.live
        guard let passwd = try? file.open("/etc/passwd", OpenFlags.readOnly | OpenFlags.nonBlocking, 0) else {
            return UserDatabase(parsing: "")
        }
        defer { file.close(passwd) }
        let bytes = (try? file.read(passwd, 4 * 1024 * 1024)) ?? []
        return UserDatabase(parsing: String(decoding: bytes, as: UTF8.self))
    }

    /// The first entry for the user ID `id`, as `getpwuid` takes the first.
    package func entry(for id: UInt32) -> Entry? {
        entries.first { $0.id == id }
    }

    /// `user 1000 (me)`, or `user 1000` for an ID the file does not list: how messages name an owner.
    package static func describe(_ id: UInt32) -> String {
        guard let name = system().entry(for: id)?.name else { return "user \(id)" }
        return "user \(id) (\(name))"
    }
}
