import Foundation

/// The one word splitter: the words of a message, a food name, an alias or a lexicon phrase for every stage that
/// compares whole words (the intent classifier and its rules, food search and ranking, dialogue cues, the lexicon's
/// phrase tables), and the word view of `MeasureText`. They are the one tokenizer's tokens (`Tokenizer`), folded
/// one way (`WordFolding`).
///
/// Case and diacritics are folded; apostrophes are dropped inside words ("that's" → "thats", "don't" → "dont"), so
/// data files and messages agree whether or not people type them; a hyphenated word is its parts ("low-fat" → "low",
/// "fat"), because people write "low fat", "low-fat" and "lowfat" alike; "&" is the word "and". A number stays one
/// word with its decimal point ("2.5", "3.25%"), its thousands commas dropped and a decimal comma read as a point
/// ("1,000" → "1000", "1,5" → "1.5"); "%" stays with it ("2%" milk is not 2 milk). The feet and inch marks ' and "
/// right after a number stay words of their own ("5'10\"" → "5", "'", "10", "\""); every other mark separates words.
/// ASCII text, nearly every message and USDA name, is split byte by byte by the same rules without building tokens
/// (`FoldedWords+ASCII`; a corpus test holds the two paths equal); other text is normalised first (`TextNormalizer`:
/// NFKC, curly quotes, fractions) and tokenized.
public enum FoldedWords {
    /// The words of the first `TextNormalizer.maximumLength` scalars of `text`, in order.
    public static func words(of text: String) -> [String] {
        var utf8 = text.utf8
        if let words = asciiWords(&utf8) { return words }
        return tokenWords(text)
    }

    /// The words of `text` as `words(of:)` reads them, except that a fraction written with a bar stays one word
    /// ("3/4", "1 1/2" → "1", "1/2"): what the dialogue's amount readers ("actually 3/4 cup") take whole.
    public static func amountWords(of text: String) -> [String] {
        // Unicode fractions ("½") become "1/2" only when normalised, so only plain ASCII without a bar skips this.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 >= 0x80 }) else { return words(of: text) }
        let tokens = WordFolding.fold(Tokenizer.tokenize(TextNormalizer.normalizeKeepingMap(text), attachableUnits: []))
        var joined: [Token] = []
        joined.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            var token = tokens[index]
            // number "/" number, written without spaces: one fraction.
            if token.kind == .number, index + 2 < tokens.count, tokens[index + 1].text == "/", !tokens[index + 1].spaceBefore,
               tokens[index + 2].kind == .number, !tokens[index + 2].spaceBefore {
                token.text += "/" + tokens[index + 2].text
                index += 2
            }
            joined.append(token)
            index += 1
        }
        return WordFolding.marksOnly(joined).map(\.text)
    }

    /// The words through the tokenizer, whatever the text: what the ASCII path must equal.
    static func tokenWords(_ text: String) -> [String] {
        let tokens = Tokenizer.tokenize(TextNormalizer.normalizeKeepingMap(text), attachableUnits: [])
        return WordFolding.marksOnly(WordFolding.fold(tokens)).map(\.text)
    }

    /// The words of each comma-separated part of `text` ("Milk, reduced fat, 2%" → [["milk"], ["reduced", "fat"],
    /// ["2%"]]), empty parts left out: how USDA names are read, most general part first.
    public static func commaSegments(of text: String) -> [[String]] {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> [[String]]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var segments: [[String]] = []
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: ",") {
                if end > start, let words = asciiWords(UnsafeBufferPointer(rebasing: bytes[start..<end])) { segments.append(words) }
                start = end + 1
            }
            return segments
        }
        if let segments = ascii ?? nil { return segments }
        return text.split(separator: ",").map { words(of: String($0)) }
    }
}

/// The one folding of tokens into comparable words, shared by `FoldedWords` and `MeasureText`.
enum WordFolding {
    /// Words split at their hyphens with apostrophes dropped and accents folded, number commas read ("1,000" → 1000,
    /// "1,5" → 1.5), "&" the word "and"; other punctuation is kept for callers that read signs ("-5").
    static func fold(_ raw: [Token]) -> [Token] {
        var out: [Token] = []
        out.reserveCapacity(raw.count)
        for token in raw {
            switch token.kind {
            case .punctuation where token.text == "&":
                var and = token
                and.kind = .word
                and.text = "and"
                and.raw = "and"
                out.append(and)
            case .punctuation:
                out.append(token)
            case .number, .word:
                var text = token.text
                if text.utf8.contains(where: { $0 >= 0x80 }) { text = text.folding(options: foldingOptions, locale: nil) }
                if text.utf8.contains(UInt8(ascii: ",")) { text = numberCommasRead(text) }
                guard token.kind == .word else {
                    var number = token
                    number.text = text.lowercased()
                    out.append(number)
                    continue
                }
                for part in text.split(separator: "-") {
                    var word = token
                    word.text = part.utf8.contains(UInt8(ascii: "'")) ? part.replacingOccurrences(of: "'", with: "") : String(part)
                    word.raw = word.text
                    if !word.text.isEmpty { out.append(word) }
                }
            }
        }
        return out
    }

    private static let foldingOptions: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

    /// Punctuation dropped, except the feet and inch marks (' and ") written right after a number or another mark.
    static func marksOnly(_ tokens: [Token]) -> [Token] {
        var kept: [Token] = []
        kept.reserveCapacity(tokens.count)
        for index in tokens.indices where tokens[index].kind != .punctuation || isMark(tokens, at: index) {
            kept.append(tokens[index])
        }
        return kept
    }

    /// Whether the punctuation at `index` is a feet or inch mark: ' or " right after a number or another mark.
    static func isMark(_ tokens: [Token], at index: Int) -> Bool {
        var k = index
        while k > 0 {
            let token = tokens[k]
            guard token.kind == .punctuation, token.text == "'" || token.text == "\"", !token.spaceBefore else { return false }
            if tokens[k - 1].kind == .number { return true }
            k -= 1
        }
        return false
    }

    /// A number's commas read as the tokenizer reads them: before exactly three digits a thousands comma (dropped),
    /// otherwise a decimal comma (a point).
    static func numberCommasRead(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            guard byte == UInt8(ascii: ",") else { out.append(byte); continue }
            var end = index + 1
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
            if end - index - 1 != 3 { out.append(UInt8(ascii: ".")) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
