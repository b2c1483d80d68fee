import Foundation

import NutriLanguage

/// Trimming helpers for messages and names (words come from NutriLanguage's one splitter, `FoldedWords`).
public enum TextFolding {
    /// `text` without leading and trailing white space and newlines, as `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` gives, without a trip through Foundation when the ends are visible ASCII.
    public static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return text
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `line` has nothing but spaces and tabs (`CharacterSet.whitespaces`); most lines show an ASCII letter.
    public static func isBlank(_ line: String) -> Bool {
        if line.utf8.contains(where: { $0 < 0x80 && $0 != 0x20 && $0 != 0x09 }) { return false }
        return line.trimmingCharacters(in: .whitespaces).isEmpty
    }
}
