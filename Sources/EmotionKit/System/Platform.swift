/// What differs between the systems the library runs on, beyond the system calls: where things live.
package enum Platform {
    #if os(macOS)
    /// The default data file's path in the home folder, with its leading slash: in the user's
    /// application data, `~/Library/Application Support` on macOS.
    ///
    /// One literal, not joined: `tap` pays for every string it builds.
    package static var dataFileInHome: String { "/Library/Application Support/emotions/emotions.json" }
    #else
    /// The default data file's path in the home folder, with its leading slash: in `~/.config`,
    /// XDG's default and where Foundation keeps UserDefaults on Linux.
    ///
    /// One literal, not joined: `tap` pays for every string it builds.
    package static var dataFileInHome: String { "/.config/emotions/emotions.json" }
    #endif
}
