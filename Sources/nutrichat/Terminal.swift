import Foundation
import NutriStore
#if canImport(Glibc)
import Glibc
#endif

/// Every `print` in this executable: the same text `Swift.print` would write, passed through the terminal
/// sanitiser (``Terminal/write(_:)``). Shadowing the standard function here means no line of output can forget it.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Terminal.write(items.map { "\($0)" }.joined(separator: separator) + terminator)
}

/// Facts about the terminal and small helpers for writing to it.
enum Terminal {
    static var stdinIsTTY: Bool { isatty(STDIN_FILENO) == 1 }
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    /// The terminal's width in columns (`$COLUMNS`, else the window size), 80 when unknown.
    static var columns: Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Colour only on a terminal, and never when NO_COLOR is set or --no-color was given.
    static func colorEnabled(noColorFlag: Bool) -> Bool {
        !noColorFlag && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && stdoutIsTTY
    }

    /// Whether colour sequences may pass the sanitiser: only on a terminal, never with NO_COLOR.
    static let keepsColour = stdoutIsTTY && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    /// Text made safe for a terminal: control characters, escapes and direction overrides shown, not obeyed
    /// (``TextSafety/forTerminal(_:keepingColour:)``, the one sanitiser for everything printed).
    static func safe(_ text: String) -> String {
        TextSafety.forTerminal(text, keepingColour: keepsColour)
    }

    /// Writes a line to standard error.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data(TextSafety.forTerminal(message + "\n", keepingColour: false).utf8))
    }

    /// Writes to standard output and flushes, so pipes see each reply at once.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(safe(text).utf8))
    }

    /// Writes `lines`, each followed by a newline, gathered into one buffer: a block of batch output is megabytes,
    /// and joining it into one string first would copy it twice more.
    static func write(lines: [String]) {
        write(safeLines: lines.map(safe))
    }

    /// Writes lines of JSON made by `JSONWriter`, which escapes every character the sanitiser would change
    /// (`TextSafety.isUnsafe`): they are safe by construction, and batch parse prints megabytes of them.
    static func write(jsonLines lines: [String]) {
        write(safeLines: lines)
    }

    private static func write(safeLines lines: [String]) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            buffer.append(contentsOf: line.utf8)
            buffer.append(UInt8(ascii: "\n"))
        }
        let count = buffer.count
        buffer.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            FileHandle.standardOutput.write(Data(bytesNoCopy: base, count: count, deallocator: .none))
        }
    }
}

/// A one-line progress bar on standard error, drawn only when it is a terminal.
struct ProgressBar {
    let label: String
    let enabled = Terminal.stderrIsTTY

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(label) \(bar) \(done * 100 / total)% (\(done)/\(total))"
        FileHandle.standardError.write(Data(line.utf8))
        if done >= total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

/// ANSI styling that disappears when colour is off.
struct Style {
    let enabled: Bool
    func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    func dim(_ s: String) -> String { enabled ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    func green(_ s: String) -> String { enabled ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
    func yellow(_ s: String) -> String { enabled ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
    func cyan(_ s: String) -> String { enabled ? "\u{1B}[36m\(s)\u{1B}[0m" : s }
}
