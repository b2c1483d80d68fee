import Foundation
import NutriStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Line editing and persistent history through libedit's readline emulation.
///
/// Ctrl-C abandons the line being typed and shows a fresh prompt, as in a shell; Ctrl-D on an empty line ends
/// input. The history file uses libedit's own format, so it is only read and written through libedit.
final class LibeditLineEditor: LineEditor {
    private let library: Libedit
    private let historyFile: URL
    private let limit: Int
    /// The newest history line, to skip immediate duplicates (also across sessions when libedit exposes it).
    private var lastEntry: String?

    /// Prepares libedit and loads `historyFile` when it exists.
    init(library: Libedit, historyFile: URL, limit: Int) {
        self.library = library
        self.historyFile = historyFile
        self.limit = limit
        Self.enableUTF8Input()
        if let readlineName = library.readlineName {
            // Lets users put a `nutrichat:` section in ~/.editrc; strdup'ed once, libedit keeps the pointer.
            readlineName.pointee = UnsafePointer(strdup("nutrichat"))
        }
        _ = library.initialize?()
        library.usingHistory()  // Also initialises libedit when rl_initialize is not exported.
        // Tab would complete file names of the working folder, which mean nothing in a food log: make it a no-op.
        _ = library.parseAndBind?("bind ^I ed-redisplay")
        library.stifleHistory?(Int32(limit))
        if FileManager.default.fileExists(atPath: historyFile.path) {
            _ = library.readHistory(historyFile.path)
        }
        lastEntry = library.lastHistoryLine()
    }

    func readLine(prompt: String) -> String? {
        let marked = PromptMarkup.markingEscapes(in: prompt)
        fflush(nil)  // Anything `print` left buffered goes out before the prompt.
        while true {
            let (pointer, interrupted) = InterruptLatch.catching { library.readline(marked) }
            if let pointer {
                defer { free(pointer) }
                return String(cString: pointer)
            }
            // Ctrl-C drops the partial line and asks again; Ctrl-D leaves the cursor after the prompt. Either way
            // the next output starts on a fresh line.
            FileHandle.standardOutput.write(Data("\n".utf8))
            guard interrupted else { return nil }
        }
    }

    func addHistory(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), line != lastEntry else { return }
        _ = library.addHistory(line)
        lastEntry = line
    }

    func saveHistory() {
        let folder = historyFile.deletingLastPathComponent()
        do {
            try PrivateFiles.createFolder(folder)
        } catch {
            return warn("could not create \(folder.path): \(error.localizedDescription)")
        }
        let path = historyFile.path
        guard library.writeHistory(path) == 0 else {
            return warn("could not save history to \(path)")
        }
        PrivateFiles.restrict(path)  // what was typed is as private as the journal
        if library.stifleHistory == nil {
            _ = library.truncateHistoryFile?(path, Int32(limit))
        }
        chmod(path, 0o600)  // What someone ate is nobody else's business.
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write(Data("nutrichat: \(message)\n".utf8))
    }

    /// libedit decodes multibyte input only under a UTF-8 LC_CTYPE; Swift programs start in the "C" locale, where
    /// typing "crème" would show octal escapes. Only LC_CTYPE changes, so number formatting is unaffected.
    private static func enableUTF8Input() {
        let current = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        guard current == "C" || current == "POSIX" else { return }
        for name in ["C.UTF-8", "C.utf8", "UTF-8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            return
        }
    }
}
