import Foundation

/// How a reply is laid out on its way out: one line in pipe mode, wrapped at word boundaries in the REPL.
public enum ReplyLayout {
    /// The reply as one line: its lines trimmed and joined with " · " (pipe mode promises one reply per line).
    public static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.split(separator: " ").joined(separator: " ") }
            .filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The reply wrapped to `width` columns at spaces; lines that are already short (tables, charts) and words
    /// longer than the width are left whole.
    public static func wrapped(_ text: String, width: Int) -> String {
        guard width >= 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.count > width else { return String(line) }
            let indent = String(line.prefix(while: { $0 == " " }))
            var lines: [String] = []
            var current = ""
            for word in line.split(separator: " ").map(String.init) {
                if current.isEmpty {
                    current = indent + word
                } else if current.count + 1 + word.count <= width {
                    current += " " + word
                } else {
                    lines.append(current)
                    current = indent + word
                }
            }
            if !current.isEmpty { lines.append(current) }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

extension Conversation {
    /// Whether a message ends the session ("bye", "quit", "exit"), by `dialogue-words.tsv`.
    public func isExit(_ text: String) -> Bool {
        (try? dialogueWords().isExit(text)) ?? false
    }

    /// The reply to an exit word: the session ends after it.
    public func goodbye(to input: String) -> Reply {
        reply(input, "goodbye", replies.goodbye)
    }
}
