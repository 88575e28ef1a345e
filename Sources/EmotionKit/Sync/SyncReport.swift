/// What one sync did: the changes sent to the folder, those taken in from each other history, and
/// what it could not do, for a warning. Nothing in it is an error: the local commit stands.
public struct SyncReport: Equatable, Sendable {
    /// The folder synced with.
    public var folder: String
    /// This history's id and name, once it has one.
    public var history: String?
    /// Its readable name.
    public var name: String
    /// How many of this history's own changes were written to the folder.
    public var sent = 0
    /// How many changes were taken in, by the name (or id) of the history that made them.
    public var taken: [String: Int] = [:]
    /// Problems met on the way, each a sentence: a folder missing, a file refused from some line on.
    public var warnings: [String] = []
    /// Set when this history found its id in use by a copy of it and took a new one.
    public var newIdentity: String?

    /// A report for `folder`, before anything was done.
    public init(folder: String, name: String) {
        self.folder = folder
        self.name = name
    }

    /// How many changes were taken in, from all histories.
    public var takenCount: Int { taken.values.reduce(0, +) }
}
