/// The system's processes as `/proc/<id>/stat` shows them: enough to find what a hook started and
/// whether any of it is stopped.
///
/// A snapshot, stale as soon as it is read: a process in it may have ended since. Empty where there
/// is no `/proc` (macOS), so that what relies on it does nothing there.
struct ProcessTable {
    /// One process.
    struct Entry: Equatable {
        /// Its ID.
        let id: Int32
        /// Its parent's ID.
        let parent: Int32
        /// Its process group's ID.
        let group: Int32
        /// Its state: `R` running, `S` sleeping, `T` stopped by a signal, `Z` a zombie, …
        let state: UInt8
        /// Its controlling terminal's device number; 0 if it has none.
        let terminal: Int

        /// Whether a signal (`SIGSTOP`, `SIGTSTP`, `SIGTTIN`, `SIGTTOU`) has stopped it.
        var isStopped: Bool { state == UInt8(ascii: "T") }

        /// Reads the line of `/proc/<id>/stat`: `42 (a name) S 1 42 42 34816 …`. The name may hold
        /// spaces and parentheses, so the fields are counted from the last `)`.
        init?(stat line: [UInt8]) {
            guard let close = line.lastIndex(of: UInt8(ascii: ")")), let open = line.firstIndex(of: UInt8(ascii: " ")),
                let id = Int32(String(decoding: line[..<open], as: UTF8.self))
            else { return nil }
            let fields = line[(close + 1)...].split(separator: UInt8(ascii: " "))
            // state, ppid, pgrp, session, tty_nr
            guard fields.count >= 5, let state = fields[0].first,
                let parent = Int32(String(decoding: fields[1], as: UTF8.self)),
                let group = Int32(String(decoding: fields[2], as: UTF8.self)),
                let terminal = Int(String(decoding: fields[4], as: UTF8.self))
            else { return nil }
            self.id = id
            self.parent = parent
            self.group = group
            self.state = state
            self.terminal = terminal
        }
    }

    /// Every process that could be read.
    let entries: [Entry]

    /// The processes running now.
    static func current() -> ProcessTable {
        let fileSystem = FileSystem.live
        guard let proc = try? fileSystem.open("/proc", OpenFlags.readOnly | OpenFlags.folder, 0) else {
            return ProcessTable(entries: [])
        }
        defer { fileSystem.close(proc) }
        let ids = fileSystem.entries(proc).compactMap { Int32($0) }
        return ProcessTable(entries: ids.compactMap(entry(of:)))
    }

    /// The process `id` as it is now, or `nil` if it is gone or cannot be read.
    static func entry(of id: Int32) -> Entry? {
        let fileSystem = FileSystem.live
        guard let file = try? fileSystem.open("/proc/\(id)/stat", OpenFlags.readOnly, 0) else { return nil }
        defer { fileSystem.close(file) }
        return (try? fileSystem.read(file, 4096)).flatMap(Entry.init(stat:))
    }

    /// Whether this process has a controlling terminal, so that a hook, which shares it, can be
    /// stopped for using it; `false` where it cannot be told.
    static var hasControllingTerminal: Bool {
        entry(of: Syscall.processID).map { $0.terminal != 0 } ?? false
    }

    /// The processes `id` started, and the processes they started, and so on, deepest first:
    /// those whose chain of parents leads to `id`. A process whose parent ended is no longer found.
    func descendants(of id: Int32) -> [Entry] {
        var children: [Int32: [Entry]] = [:]
        for entry in entries {
            children[entry.parent, default: []].append(entry)
        }
        var found: [Entry] = []
        var seen: Set<Int32> = [id]
        var parents = [id]
        // Each after its parent, then reversed, so that a process comes before its parent.
        while let parent = parents.popLast() {
            for child in children[parent] ?? [] where seen.insert(child.id).inserted {
                found.append(child)
                parents.append(child.id)
            }
        }
        return found.reversed()
    }

    /// The processes in the process group `group`.
    func members(of group: Int32) -> [Entry] {
        entries.filter { $0.group == group }
    }
}
