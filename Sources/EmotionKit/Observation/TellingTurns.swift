#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns at telling observers, taken as changes are committed, so that observers hear changes in
/// the order they were committed whichever thread tells them: a store's own commit, told on the
/// thread that made it, and another process's change, told on the watching thread, each wait
/// until what was committed before them has been told.
///
/// A change committed by an observer's handler, while it is being told something, is told at once,
/// inside that handler, as KVO tells a change made in an observer: waiting for its turn there would
/// be waiting for itself.
final class TellingTurns: @unchecked Sendable {  // The numbers and `teller` are only touched under `mutex`.
    /// A place in line to tell observers of what one commit, or one look at the file, found.
    struct Turn: Sendable {
        /// Its number in line; `nil` for one taken inside a handler, which goes at once.
        fileprivate let number: UInt64?
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let turnEnded = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The number the next turn taken gets.
    private var next: UInt64 = 0
    /// The number of the turn being told, or told next.
    private var serving: UInt64 = 0
    /// The thread telling turn `serving`, while it does.
    private var teller: pthread_t?

    /// An empty line.
    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(turnEnded, nil)
    }

    deinit {
        pthread_cond_destroy(turnEnded)
        pthread_mutex_destroy(mutex)
        turnEnded.deallocate()
        mutex.deallocate()
    }

    /// The next turn; taken while the commit or the look that needs it holds the store's watch
    /// lock, so that turns are in the order of what they tell. Every turn taken must be `tell`'s.
    func take() -> Turn {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let teller, pthread_equal(teller, pthread_self()) != 0 { return Turn(number: nil) }
        defer { next &+= 1 }
        return Turn(number: next)
    }

    /// Waits for `turn`, runs `body` (which tells observers), then passes the turn on.
    func tell(_ turn: Turn, _ body: () -> Void) {
        guard let number = turn.number else { return body() }
        pthread_mutex_lock(mutex)
        while serving != number { pthread_cond_wait(turnEnded, mutex) }
        teller = pthread_self()
        pthread_mutex_unlock(mutex)
        defer {
            pthread_mutex_lock(mutex)
            teller = nil
            serving &+= 1
            pthread_cond_broadcast(turnEnded)
            pthread_mutex_unlock(mutex)
        }
        body()
    }
}
