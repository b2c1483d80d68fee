#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by the SIGINT handler while a prompt is up. A signal handler can only talk to the program through global
/// state, so this is the one global variable of the line editor; it is only touched around `readline`.
nonisolated(unsafe) private var interruptReceived: sig_atomic_t = 0

/// Records a Ctrl-C; async-signal-safe (a single store).
private func recordInterrupt(_ signal: Int32) {
    interruptReceived = 1
}

/// Turns Ctrl-C during one blocking call into a flag instead of the end of the process.
///
/// The handler is installed without SA_RESTART, so the terminal read inside `readline` fails with EINTR and
/// `readline` returns; afterwards the previous SIGINT disposition is restored, so Ctrl-C while a command runs
/// still ends the program as usual.
enum InterruptLatch {
    /// Runs `body` with SIGINT latched; returns its result and whether Ctrl-C was pressed meanwhile.
    static func catching<T>(_ body: () -> T) -> (result: T, interrupted: Bool) {
        interruptReceived = 0
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = recordInterrupt
        #else
        action.__sigaction_u.__sa_handler = recordInterrupt
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        defer { sigaction(SIGINT, &previous, nil) }
        let result = body()
        return (result, interruptReceived != 0)
    }
}
