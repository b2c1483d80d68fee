import Foundation

/// What a word of a message belongs to, as the lexicon reads it: the slots a decision about the whole message can
/// use besides the words themselves.
public enum WordSlot: UInt8, CaseIterable, Sendable {
    /// A count on its own: "2", "two", "half", "a dozen".
    case number = 1
    /// A number with its unit, or a unit after a number or an article: "2 cups", "250g", "a glass", "12 fl oz".
    case amount
    /// A meal or a time of day standing for one: "breakfast", "for lunch", "last night".
    case meal
    /// A day: "yesterday", "today", "on monday", "3 days ago".
    case date
}

extension LanguageLexicon {
    /// The slot of each of `words` (`FoldedWords` of a message), or nil where a word fills none.
    ///
    /// Units count only after a number or an article ("can you" is no can); weekday abbreviations never ("sat" is a
    /// verb as often as a day: the parser reads them after "on"); spans ("days") only after a number ("3 days ago").
    public func slots(of words: [String]) -> [WordSlot?] {
        let tokens = words.enumerated().map { index, word in
            Token(kind: word.utf8.first.map { $0 >= 48 && $0 <= 57 } == true ? .number : .word,
                  text: word, raw: word, start: index, end: index + 1, spaceBefore: true)
        }
        var slots = [WordSlot?](repeating: nil, count: words.count)
        var index = 0
        while index < tokens.count {
            let length = slot(at: index, in: tokens, slots: &slots)
            index += max(length, 1)
        }
        return slots
    }

    /// Marks the slot starting at `index`, if any, and returns how many words it covers (0 for none).
    private func slot(at index: Int, in tokens: [Token], slots: inout [WordSlot?]) -> Int {
        func mark(_ slot: WordSlot, _ length: Int) -> Int {
            for position in index..<min(index + length, tokens.count) { slots[position] = slot }
            return length
        }
        let word = tokens[index].text
        let counted = index > 0 && (slots[index - 1] == .number || isArticle(tokens[index - 1].text))
        if counted, let (_, length) = units.match(tokens, at: index) {
            if index > 0, slots[index - 1] == .number { slots[index - 1] = .amount }
            return mark(.amount, length)
        }
        if tokens[index].isNumber { return mark(stuckUnit(word) ? .amount : .number, 1) }
        if let number = numbers[word], Self.countingKinds.contains(number.kind) { return mark(.number, 1) }
        if let (_, length) = meals.match(tokens, at: index) { return mark(.meal, length) }
        if let (value, length) = dates.match(tokens, at: index) {
            switch value {
            case .offset: return mark(.date, length)
            case .span: return counted ? mark(.date, length) : 0
            case .weekday: return length > 1 || word.utf8.count > 3 ? mark(.date, length) : 0
            }
        }
        return 0
    }

    /// Number words that count something ("a" and "some" do not).
    private static let countingKinds: Set<NumberWord.Kind> = [.cardinal, .tens, .scale, .fraction, .collective]

    /// Whether `word` is an article of `numbers.tsv` ("a", "an"): one, but no number the person named.
    public func isArticle(_ word: String) -> Bool {
        numbers[word]?.kind == .article
    }

    /// Whether a digit-led word ends in a unit that may stick to a number ("250g", "12oz").
    private func stuckUnit(_ word: String) -> Bool {
        let letters = word.utf8.drop { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }
        return !letters.isEmpty && attachableUnits.contains(String(decoding: letters, as: UTF8.self))
    }
}

extension LanguageLexicon {
    /// `text` cut where a comma or semicolon ends a word, or where a joining connector stands (`connectors.tsv`,
    /// kind join: "and", "and then", "followed by", "plus"): the pieces as written, connectors and marks left out.
    /// "ran 5 km and then did 30 minutes of yoga" → "ran 5 km", "did 30 minutes of yoga"; "10,000 steps" stays whole.
    public func joinedPieces(_ text: String) -> [Substring] {
        var tokens: [Range<String.Index>] = []
        var start: String.Index?
        for i in text.indices {
            if text[i].isWhitespace {
                if let s = start { tokens.append(s..<i) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        if let s = start { tokens.append(s..<text.endIndex) }
        let marks: Set<Character> = [",", ";"]
        let words = tokens.map { text[$0].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",;")) }
        let joins = connectors.all(in: words).filter { $0.value == .join }.map(\.range)
        var pieces: [Substring] = []
        var from: String.Index?
        func close(at end: String.Index) {
            if let begin = from, begin < end {
                var piece = text[begin..<end]
                while piece.last?.isWhitespace == true { piece = piece.dropLast() }
                if !piece.isEmpty { pieces.append(piece) }
            }
            from = nil
        }
        var i = 0
        while i < tokens.count {
            if let join = joins.first(where: { $0.lowerBound == i }) {
                close(at: tokens[i].lowerBound)
                i = join.upperBound
                continue
            }
            if from == nil { from = tokens[i].lowerBound }
            let token = tokens[i]
            if let last = text[token].last, marks.contains(last) {
                close(at: text.index(before: token.upperBound))
            }
            i += 1
        }
        close(at: text.endIndex)
        return pieces
    }
}
