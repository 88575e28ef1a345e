#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals the library and the command line send, wait for, block or reset, by name.
package enum Signal {
    /// `SIGHUP`: the terminal hung up.
    package static var hangUp: Int32 { SIGHUP }
    /// `SIGINT`: Ctrl-C.
    package static var interrupt: Int32 { SIGINT }
    /// `SIGTERM`: asked to end.
    package static var terminate: Int32 { SIGTERM }
    /// `SIGKILL`: ended, no questions asked.
    package static var kill: Int32 { SIGKILL }
    /// `SIGCONT`: continued after being stopped.
    package static var `continue`: Int32 { SIGCONT }
    /// `SIGPIPE`: a write into a pipe nobody reads.
    package static var brokenPipe: Int32 { SIGPIPE }
    /// `SIGQUIT`: Ctrl-\ on a terminal.
    package static var quit: Int32 { SIGQUIT }
    /// `SIGCHLD`: a child process ended or stopped.
    package static var childChanged: Int32 { SIGCHLD }
    /// `SIGTTIN`: a background process read from its terminal.
    package static var terminalInput: Int32 { SIGTTIN }
    /// `SIGTTOU`: a background process wrote to or changed its terminal.
    package static var terminalOutput: Int32 { SIGTTOU }
    /// `SIGTSTP`: Ctrl-Z.
    package static var terminalStop: Int32 { SIGTSTP }

    /// `SIGKILL` for 9, and the names of the other common signals; `nil` for the rest.
    package static func name(of signal: Int32) -> String? {
        let names: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"),
            (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGKILL, "SIGKILL"),
            (SIGUSR1, "SIGUSR1"), (SIGSEGV, "SIGSEGV"), (SIGUSR2, "SIGUSR2"), (SIGPIPE, "SIGPIPE"),
            (SIGALRM, "SIGALRM"), (SIGTERM, "SIGTERM"),
        ]
        return names.first { $0.0 == signal }?.1
    }

    /// Sends `signal` to the process `id`, or with a negative `id` to the process group `-id`.
    ///
    /// The corresponding C function is `kill`.
    package static func send(_ signal: Int32, to id: Int32) {
        _ = systemKill(id, signal)
    }

    /// From now on `signal` is ignored by this process, and by the programs it starts unless reset.
    ///
    /// The corresponding C function is `signal(SIG_IGN)`.
    package static func ignore(_ signal: Int32) {
        #if canImport(Glibc)
        _ = Glibc.signal(signal, SIG_IGN)
        #else
        _ = Darwin.signal(signal, SIG_IGN)
        #endif
    }

    /// From now on `signal` does what it does by default: for most, end the process.
    ///
    /// The corresponding C function is `signal(SIG_DFL)`.
    package static func setDefault(_ signal: Int32) {
        #if canImport(Glibc)
        _ = Glibc.signal(signal, SIG_DFL)
        #else
        _ = Darwin.signal(signal, SIG_DFL)
        #endif
    }
}

/// A set of signals, to block on the calling thread and then take synchronously, without a handler.
package struct SignalSet {
    private var signals = sigset_t()

    /// The set of `signals`.
    package init(_ signals: [Int32]) {
        sigemptyset(&self.signals)
        for signal in signals {
            sigaddset(&self.signals, signal)
        }
    }

    /// Blocks these signals on this thread and any it starts from now on.
    ///
    /// The corresponding C function is `pthread_sigmask(SIG_BLOCK)`.
    package func block() {
        var signals = self.signals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Returns the first of these signals (blocked beforehand) to arrive.
    ///
    /// The corresponding C function is `sigwait`.
    package func wait() -> Int32 {
        var signals = self.signals
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received
    }
}

private func systemKill(_ id: Int32, _ signal: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.kill(id, signal)
    #else
    Darwin.kill(id, signal)
    #endif
}
