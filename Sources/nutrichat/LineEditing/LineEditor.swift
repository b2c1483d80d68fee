import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the REPL's input one line at a time, with editing and history when the terminal allows it.
///
/// Prompts may carry ANSI colour codes: the libedit editor marks them as zero-width itself, so callers pass the
/// same prompt text they would print.
protocol LineEditor: AnyObject {
    /// Shows `prompt`, returns the line without its newline, nil on end of input (Ctrl-D).
    func readLine(prompt: String) -> String?
    /// Adds a non-blank line to the history (and skips an immediate duplicate).
    func addHistory(_ line: String)
    /// Writes the history file (called at exit); keeps at most 1,000 lines.
    func saveHistory()
}

/// Chooses the line editor for this run.
enum LineEditorFactory {
    /// Most lines kept in memory and in the history file.
    static let historyLimit = 1_000

    /// libedit when it can be loaded and stdin is a terminal, else plain input. Loads `historyFile` if it exists; creates its folder when saving.
    ///
    /// `interactive: false` (a pipe, a script, `--no-editing`) always gives plain input. Standard output must be a
    /// terminal too, so that libedit's cursor movements never end up in a redirected file.
    static func make(historyFile: URL, interactive: Bool) -> LineEditor {
        guard interactive, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, let library = Libedit.loaded else {
            return PlainLineEditor()
        }
        return LibeditLineEditor(library: library, historyFile: historyFile, limit: historyLimit)
    }

    /// Whether libedit could be loaded here (for a test/diagnostic line).
    static var libeditAvailable: Bool { Libedit.loaded != nil }
}
