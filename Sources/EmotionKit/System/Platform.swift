/// What differs between the systems the library runs on, beyond the system calls: where things live.
package enum Platform {
    #if os(macOS)
    /// Where in the home folder a user's application data lives, with its leading slash:
    /// `/Library/Application Support` on macOS.
    package static var userDataFolder: String { "/Library/Application Support" }
    #else
    /// Where in the home folder a user's application data lives, with its leading slash: `/.config`
    /// (XDG's default, and where Foundation keeps UserDefaults on Linux).
    package static var userDataFolder: String { "/.config" }
    #endif
}
