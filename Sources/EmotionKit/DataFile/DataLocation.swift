/// Where the data file lives: an explicit path, else `EMOTIONS_FILE`, else the user's defaults folder.
public enum DataLocation {
    /// The data file's path.
    ///
    /// In order: `explicitPath` (from `--file`); `EMOTIONS_FILE`; `$XDG_CONFIG_HOME/emotions/emotions.json`
    /// when that is an absolute path (the XDG rule); on macOS `~/Library/Application Support/emotions/emotions.json`;
    /// else `~/.config/emotions/emotions.json`, which is where Foundation keeps UserDefaults on Linux.
    /// Empty variables count as unset. The home folder is `HOME`, else the real user's entry in `/etc/passwd`.
    ///
    /// - Throws: `StoreError.noHomeFolder` when a home folder is needed and there is none.
    public static func path(explicitPath: String? = nil, environment: [String: String]) throws(StoreError) -> String {
        try path(explicitPath: explicitPath) { environment[$0] }
    }

    /// The data file's path, reading each environment variable through `variable`; see `path(explicitPath:environment:)`.
    public static func path(
        explicitPath: String? = nil, variable: (String) -> String?
    ) throws(StoreError) -> String {
        if let explicitPath { return explicitPath }
        if let file = variable("EMOTIONS_FILE"), !file.isEmpty { return file }
        if let config = variable("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            return config + "/emotions/emotions.json"
        }
        guard let home = homeFolder(variable) else { throw .noHomeFolder }
        return home + Platform.dataFileInHome
    }

    private static func homeFolder(_ variable: (String) -> String?) -> String? {
        if let home = variable("HOME"), !home.isEmpty { return home }
        guard let home = UserDatabase.system().entry(for: Syscall.realUser)?.home, !home.isEmpty else { return nil }
        return home
    }
}

extension DataLocation {
    /// The default data file as help shows it, with `~` for the home folder:
    /// `~/.config/emotions/emotions.json`, on macOS `~/Library/Application Support/emotions/emotions.json`.
    public static var defaultPathShown: String { "~" + Platform.dataFileInHome }
}
