import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Line input without editing or history: for pipes, scripts and machines without libedit.
///
/// History calls do nothing, so a piped session never overwrites the history file an interactive one wrote.
/// Ctrl-C keeps its default meaning here (the process ends with status 130, no crash report).
final class PlainLineEditor: LineEditor {
    /// Writes the prompt to standard output, flushed so that it shows before input is awaited.
    func readLine(prompt: String) -> String? {
        fflush(nil)  // Anything `print` left buffered goes out before the prompt.
        if !prompt.isEmpty {
            FileHandle.standardOutput.write(Data(prompt.utf8))
        }
        return Swift.readLine(strippingNewline: true)
    }

    func addHistory(_ line: String) {}

    func saveHistory() {}
}
