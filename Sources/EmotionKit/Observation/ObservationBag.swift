/// Owns many observation tokens and ends them all when it is released, like a dispose bag.
///
/// Keep one as a property of whatever owns the observations, and they last exactly as long as it.
public final class ObservationBag: @unchecked Sendable {  // `tokens` is only touched under `lock`.
    private let lock = Lock()
    private var tokens: [ObservationToken] = []

    /// An empty bag.
    public init() {}

    /// Keeps `token` alive until the bag is released or emptied.
    public func insert(_ token: ObservationToken) {
        lock.withLock { tokens.append(token) }
    }

    /// How many observations the bag holds.
    public var count: Int {
        lock.withLock { tokens.count }
    }

    /// Ends every observation in the bag now and empties it.
    public func cancelAll() {
        let ended = lock.withLock {
            defer { tokens = [] }
            return tokens
        }
        for token in ended {
            token.cancel()
        }
    }

    deinit {
        cancelAll()
    }
}
