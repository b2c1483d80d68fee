import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The readline-compatible functions of libedit, bound at run time.
///
/// Debian and Ubuntu ship only the runtime `libedit.so.2` (package libedit2); the headers and the `libedit.so`
/// link symlink come with libedit-dev, which a fresh machine lacks. So nothing here is linked: the library is
/// opened with `dlopen` and each function looked up with `dlsym`, which keeps `swift build` and `swift test`
/// working everywhere and lets the REPL fall back to plain input when the library is missing.
struct Libedit: @unchecked Sendable {  // Immutable C function pointers into a library that is never closed.
    typealias ReadlineFunction = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    typealias StringToIntFunction = @convention(c) (UnsafePointer<CChar>?) -> Int32
    typealias IntToVoidFunction = @convention(c) (Int32) -> Void
    typealias TruncateFunction = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
    typealias VoidFunction = @convention(c) () -> Void
    typealias InitializeFunction = @convention(c) () -> Int32
    /// `HIST_ENTRY *history_get(int)`; the entry starts with its `const char *line`.
    typealias HistoryGetFunction = @convention(c) (Int32) -> UnsafeMutableRawPointer?

    /// File names tried in order: the Debian runtime name first, then the development symlink, then macOS.
    static let candidateNames = ["libedit.so.2", "libedit.so", "libedit.3.dylib", "libedit.dylib"]

    /// Shows a prompt and edits one line; returns a malloc'ed copy, or nil at end of input.
    let readline: ReadlineFunction
    /// Appends a line to the in-memory history.
    let addHistory: StringToIntFunction
    /// Loads a history file written by `writeHistory` (libedit's own `_HiStOrY_V2_` format).
    let readHistory: StringToIntFunction
    /// Writes the in-memory history to a file.
    let writeHistory: StringToIntFunction
    /// Caps the in-memory history; nil when only `truncateHistoryFile` exists.
    let stifleHistory: IntToVoidFunction?
    /// Cuts a history file down to its last lines; the fallback when `stifle_history` is missing.
    let truncateHistoryFile: TruncateFunction?
    /// Prepares the history list for use.
    let usingHistory: VoidFunction
    /// Sets up the editor before the first prompt (optional; `readline` does it lazily otherwise).
    let initialize: InitializeFunction?
    /// Runs an editline command such as `bind ^I ed-redisplay` (optional).
    let parseAndBind: StringToIntFunction?
    /// Looks up a history entry by absolute position (optional; used to skip a duplicate of the loaded last line).
    let historyGet: HistoryGetFunction?
    /// `int history_base` and `int history_length`, when exported.
    let historyBase: UnsafeMutablePointer<Int32>?
    let historyLength: UnsafeMutablePointer<Int32>?
    /// `const char *rl_readline_name`, the application name matched by `~/.editrc` sections.
    let readlineName: UnsafeMutablePointer<UnsafePointer<CChar>?>?

    /// The library as found on this machine, loaded once (dlopen is process-wide anyway); nil when unavailable.
    static let loaded: Libedit? = load()

    /// Opens the first library that exports every required function.
    static func load(names: [String] = candidateNames) -> Libedit? {
        for name in names {
            guard let handle = dlopen(name, RTLD_NOW) else { continue }
            if let library = Libedit(handle: handle) { return library }
            dlclose(handle)
        }
        return nil
    }

    /// Binds the functions from an open library; nil when a required one is missing.
    private init?(handle: UnsafeMutableRawPointer) {
        func function<F>(_ name: String, as type: F.Type) -> F? {
            guard let symbol = dlsym(handle, name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        }
        func variable<T>(_ name: String, as type: T.Type) -> UnsafeMutablePointer<T>? {
            dlsym(handle, name)?.assumingMemoryBound(to: type)
        }
        guard let readline = function("readline", as: ReadlineFunction.self),
              let addHistory = function("add_history", as: StringToIntFunction.self),
              let readHistory = function("read_history", as: StringToIntFunction.self),
              let writeHistory = function("write_history", as: StringToIntFunction.self),
              let usingHistory = function("using_history", as: VoidFunction.self)
        else { return nil }
        let stifle = function("stifle_history", as: IntToVoidFunction.self)
        let truncate = function("history_truncate_file", as: TruncateFunction.self)
        guard stifle != nil || truncate != nil else { return nil }
        self.readline = readline
        self.addHistory = addHistory
        self.readHistory = readHistory
        self.writeHistory = writeHistory
        self.stifleHistory = stifle
        self.truncateHistoryFile = truncate
        self.usingHistory = usingHistory
        self.initialize = function("rl_initialize", as: InitializeFunction.self)
        self.parseAndBind = function("rl_parse_and_bind", as: StringToIntFunction.self)
        self.historyGet = function("history_get", as: HistoryGetFunction.self)
        self.historyBase = variable("history_base", as: Int32.self)
        self.historyLength = variable("history_length", as: Int32.self)
        self.readlineName = variable("rl_readline_name", as: UnsafePointer<CChar>?.self)
    }

    /// The newest line in the in-memory history, if the library lets us read it.
    func lastHistoryLine() -> String? {
        guard let historyGet, let historyBase, let historyLength, historyLength.pointee > 0,
              let entry = historyGet(historyBase.pointee + historyLength.pointee - 1),
              let line = entry.load(as: UnsafePointer<CChar>?.self)
        else { return nil }
        return String(cString: line)
    }
}
