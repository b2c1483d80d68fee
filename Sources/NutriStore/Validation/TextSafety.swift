import Foundation

/// The one definition of the characters that must never reach the journal or a terminal: C0 controls (tab and line
/// breaks included), DEL, C1 controls, and the bidirectional overrides and isolates that can make text read
/// differently from what it holds (U+202A–U+202E, U+2066–U+2069), plus the line and paragraph separators that
/// split lines for some readers (U+2028, U+2029). Used at the input edge (stripped), by the journal's rules
/// (refused) and by terminal output (made visible).
public enum TextSafety {
    /// Whether `scalar` is one of the characters above.
    @inline(__always)
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0x2028 { return false }
        return (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The first unsafe character of `text`, or nil when there is none.
    public static func firstUnsafe(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isUnsafe)
    }

    /// `text` as it may be stored: tabs and line breaks become spaces, terminal escape sequences are removed whole
    /// (`ESC c`, `ESC [2J`, `ESC ] 0;title BEL`), every other unsafe character is dropped. The input edge of every
    /// front end calls this, so the journal keeps what was typed minus the controls.
    public static func stripped(_ text: String) -> String {
        guard firstUnsafe(in: text) != nil else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if !isUnsafe(scalar) {
                out.append(scalar)
            } else if scalar == "\u{1B}" {
                index = endOfEscape(scalars, after: index)
            } else if scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.value == 0x2028 || scalar.value == 0x2029 {
                out.append(" ")
            }
        }
        return String(out)
    }

    /// Where the escape sequence whose ESC came just before `start` ends: a CSI (`[` … final byte 0x40–0x7E), a
    /// string command (`]`, `P`, `_`, `^` … BEL or `ESC \`), or ESC and one character.
    private static func endOfEscape(_ scalars: [Unicode.Scalar], after start: Int) -> Int {
        guard start < scalars.count else { return start }
        let kind = scalars[start]
        var index = start + 1
        switch kind {
        case "[":
            while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) { index += 1 }
            return min(index + 1, scalars.count)
        case "]", "P", "_", "^":
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == "\u{1B}" { return min(index + 2, scalars.count) }
                index += 1
            }
            return index
        default:
            return (0x20...0x7E).contains(kind.value) ? start + 1 : start
        }
    }

    /// How an unsafe character is shown: C0 controls and DEL as their Unicode control pictures (ESC as "␛"),
    /// anything else as U+FFFD, so the reader sees that something was there without the terminal obeying it.
    public static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x20 { return Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}" }
        if value == 0x7F { return "\u{2421}" }
        return "\u{FFFD}"
    }

    /// A short name for an unsafe character in messages: "U+001B".
    public static func name(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(format: "%04X", scalar.value)
    }
}

// MARK: - Terminal output

extension TextSafety {
    /// Text as it may be written to a terminal: line breaks kept, tabs as spaces, SGR colour sequences
    /// (`ESC [ … m`) kept when `keepingColour`, every other unsafe character shown by ``visible(_:)``. The one
    /// sanitiser every line NutriChat prints goes through; text with nothing to change is returned as it is after
    /// one pass over its bytes.
    public static func forTerminal(_ text: String, keepingColour: Bool) -> String {
        var text = text
        let clean = text.withUTF8 { !hasUnsafeBytes($0, allowingNewline: true) }
        if clean { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\n" || !isUnsafe(scalar) {
                out.append(scalar)
            } else if scalar == "\t" {
                out.append(" ")
            } else if scalar == "\u{1B}", keepingColour, let end = colourSequenceEnd(scalars, from: index) {
                out.append(contentsOf: scalars[(index - 1)...end])
                index = end + 1
            } else {
                out.append(visible(scalar))
            }
        }
        return String(out)
    }

    /// Whether UTF-8 bytes encode an unsafe character (``isUnsafe(_:)``): one pass, with a second look only at the
    /// lead bytes 0xC2 (C1 controls) and 0xE2 (U+2028–U+202E, U+2066–U+2069). Batch parse prints megabytes through
    /// this check, most of it without a single such byte.
    static func hasUnsafeBytes(_ utf8: UnsafeBufferPointer<UInt8>, allowingNewline: Bool) -> Bool {
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            if byte < 0x20 {
                if !(allowingNewline && byte == 0x0A) { return true }
            } else if byte == 0x7F {
                return true
            } else if byte == 0xC2, index + 1 < count, utf8[index + 1] < 0xA0 {
                return true
            } else if byte == 0xE2, index + 2 < count {
                let second = utf8[index + 1], third = utf8[index + 2]
                if second == 0x80, (0xA8...0xAE).contains(third) { return true }
                if second == 0x81, (0xA6...0xA9).contains(third) { return true }
            }
            index += 1
        }
        return false
    }

    /// The index of the final "m" of an SGR sequence whose "[" is at `start`, or nil when none starts there.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < scalars.count, scalars[start] == "[" else { return nil }
        var index = start + 1
        while index < scalars.count, index - start <= 16 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }
}
