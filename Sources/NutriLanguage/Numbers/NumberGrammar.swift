import Foundation

/// A number read from tokens.
struct NumberMatch: Sendable, Equatable {
    /// The value; nil for "some".
    var value: Double?
    /// The stated range ("2-3", "two to three").
    var range: ClosedRange<Double>?
    /// Whether it came from "a"/"an"/"some" rather than a number.
    var isImplicit: Bool
    /// The token index just past the number.
    var end: Int
    /// Whether the number was written with digits.
    var isNumeric: Bool
}

/// Rules that read a number starting at a token: digits, fractions, mixed numbers, ranges and number words.
///
/// Rules are tried longest first; each one's name sketches its pattern. Ordering traps are noted where
/// they live.
struct NumberGrammar: Sendable {
    let lexicon: LanguageLexicon
    /// The words that join, multiply or stand for numbers (`grammar-words.tsv`, kinds `number-…` and `of`).
    private var grammar: WordKinds { lexicon.grammarWords }

    /// The number starting at `i`, or nil; `ranges: false` reads "2-3" as two numbers; `signs: true` reads "-3" as
    /// minus three (amounts of food, which refuse it), where the measure readers keep the sign apart.
    func parse(_ t: [Token], at i: Int, ranges: Bool = true, signs: Bool = false) -> NumberMatch? {
        if signs, let negative = signed(t, at: i) { return negative }
        guard let first = single(t, at: i) else { return nil }
        return ranges ? range(t, startingWith: first) ?? first : first
    }

    // MARK: - Ranges

    /// `<number> (-|to|or) <number>` → the mean, with the range; only when the second is larger.
    private func range(_ t: [Token], startingWith low: NumberMatch) -> NumberMatch? {
        guard let lowValue = low.value, !low.isImplicit, low.end + 1 < t.count else { return nil }
        let joiner = t[low.end].text
        guard joiner == "-" || grammar.contains(joiner, "number-range") else { return nil }
        // "3- to 4-pound", "8- or 9-ounce"
        var next = low.end + 1
        if joiner == "-", grammar.contains(t[next].text, "number-range"), next + 1 < t.count { next += 1 }
        // "2 - 3" with digits on both sides, or words on both sides ("two or three"); never "a-3".
        guard let high = single(t, at: next), let highValue = high.value, !high.isImplicit,
              high.range == nil, highValue > lowValue else { return nil }
        return NumberMatch(value: (lowValue + highValue) / 2, range: lowValue...highValue, isImplicit: false,
                           end: high.end, isNumeric: low.isNumeric)
    }

    /// `-<number>` with the sign against the number and not joined to a word before ("-3 eggs", but "2-3" is a
    /// range and "- 3 eggs" a list mark): read as the negative number it says, which no amount bound accepts.
    private func signed(_ t: [Token], at i: Int) -> NumberMatch? {
        guard i + 1 < t.count, t[i].text == "-", i == 0 || t[i].spaceBefore, !t[i + 1].spaceBefore,
              t[i + 1].isNumber || unreadable(t[i + 1]) != nil, let number = single(t, at: i + 1), let value = number.value
        else { return nil }
        return NumberMatch(value: -value, range: nil, isImplicit: false, end: number.end, isNumeric: true)
    }

    /// The value of a word that writes a number no amount can be ("NaN", "inf"), or nil.
    private func unreadable(_ token: Token) -> Double? {
        guard token.isWord else { return nil }
        return lexicon.unreadableNumbers[token.raw] ?? lexicon.unreadableNumbers[token.text]
    }

    // MARK: - One number

    private func single(_ t: [Token], at i: Int) -> NumberMatch? {
        guard i < t.count else { return nil }
        if t[i].isNumber { return numeric(t, at: i) }
        if let value = unreadable(t[i]) { return NumberMatch(value: value, range: nil, isImplicit: false, end: i + 1, isNumeric: true) }
        if t[i].isWord { return words(t, at: i) }
        return nil
    }

    /// `<digits>`, `<a>/<b>`, `<n> <a>/<b>`, `<n>-<a>/<b>`, `<n> and <a>/<b>`, `<n> and a half`, `<n> dozen`.
    private func numeric(_ t: [Token], at i: Int) -> NumberMatch? {
        let n = t[i]
        // Ordering trap: "1/2" must be read before the whole number "1".
        if let (fraction, end) = slashFraction(t, at: i) {
            return NumberMatch(value: fraction, range: nil, isImplicit: false, end: end, isNumeric: true)
        }
        var value = n.value
        var end = i + 1
        if n.isInteger, end < t.count {
            // "1 1/2" — and "1-1/2", which US recipes write for one and a half (never a range: the
            // second part is below one). Ordering trap: this runs before the range rule. But "8 1/2-inch
            // slices" is 8 slices: a fraction followed by a length belongs to the length.
            if t[end].isNumber, let (fraction, fEnd) = slashFraction(t, at: end), fraction < 1, !isDimension(t, at: fEnd) {
                value += fraction; end = fEnd
            } else if t[end].text == "-", end + 1 < t.count, !t[end].spaceBefore,
                      let (fraction, fEnd) = slashFraction(t, at: end + 1), fraction < 1 {
                value += fraction; end = fEnd
            } else if let (fraction, fEnd) = andFraction(t, at: end) {
                value += fraction; end = fEnd
            }
        }
        if end < t.count, let word = lexicon.numbers[t[end].text], word.kind == .collective || word.kind == .scale,
           let multiplier = word.value, multiplies(t[end].text) {
            value *= multiplier; end += 1
        }
        return NumberMatch(value: value, range: nil, isImplicit: false, end: end, isNumeric: true)
    }

    /// Whether a length word follows ("-inch", " cm"): then "8 1/2-inch slices" is 8 slices, not 8½.
    private func isDimension(_ t: [Token], at i: Int) -> Bool {
        let j = i < t.count && t[i].text == "-" ? i + 1 : i
        guard let (position, _) = lexicon.modifier(t, at: j) else { return false }
        return position == .dimension
    }

    /// `<a>/<b>` with digits, e.g. "3/4"; "1/0" is the endless number it says (and "0/0" no number), which no
    /// amount bound accepts, rather than a 1 and a 0 read apart.
    private func slashFraction(_ t: [Token], at i: Int) -> (Double, Int)? {
        guard i + 2 < t.count, t[i].isInteger, t[i + 1].text == "/", t[i + 2].isInteger,
              !t[i + 2].spaceBefore || !t[i + 1].spaceBefore else { return nil }
        return (t[i].value / t[i + 2].value, i + 3)
    }

    /// `and a half`, `and one quarter`, `and 1/2` after a whole number.
    private func andFraction(_ t: [Token], at i: Int) -> (Double, Int)? {
        guard i + 1 < t.count, grammar.contains(t[i].text, "number-and") else { return nil }
        if let (fraction, end) = slashFraction(t, at: i + 1), fraction < 1 { return (fraction, end) }
        var j = i + 1
        if isArticle(t[j].text) || lexicon.numbers[t[j].text].map({ $0.kind == .cardinal && $0.value == 1 }) == true { j += 1 }
        guard j < t.count, let word = lexicon.numbers[t[j].text], word.kind == .fraction, let value = word.value else { return nil }
        return (value, j + 1)
    }

    // MARK: - Number words

    private func words(_ t: [Token], at i: Int) -> NumberMatch? {
        let text = t[i].text
        if grammar.contains(text, "number-fraction-alone") { return halfOf(t, at: i) }
        guard let word = lexicon.numbers[text] else { return hyphenated(t, at: i) }
        switch word.kind {
        case .article: return article(t, at: i)
        case .vague: return NumberMatch(value: nil, range: nil, isImplicit: true, end: i + 1, isNumeric: false)
        case .cardinal, .tens: return cardinal(t, at: i)
        case .collective:
            // "dozen eggs", "several cookies", "couple of beers" without an article.
            guard let value = word.value else { return nil }
            return NumberMatch(value: value, range: nil, isImplicit: false, end: skipOf(t, i + 1), isNumeric: false)
        case .fraction, .scale: return nil
        }
    }

    /// "twenty-one" arrives as one token.
    private func hyphenated(_ t: [Token], at i: Int) -> NumberMatch? {
        let parts = t[i].text.split(separator: "-").map(String.init)
        guard parts.count == 2, let tens = lexicon.numbers[parts[0]], tens.kind == .tens,
              let ones = lexicon.numbers[parts[1]], ones.kind == .cardinal, let a = tens.value, let b = ones.value, b < 10 else { return nil }
        return finishCardinal(t, value: a + b, end: i + 1)
    }

    /// `a`/`an`, and what an article can introduce: "a dozen", "a couple of", "a few", "a half", "a quarter of a".
    ///
    /// Ordering trap: "a few" / "a dozen" / "a half" are tried before the bare article.
    private func article(_ t: [Token], at i: Int) -> NumberMatch? {
        let j = i + 1
        if j < t.count, let word = lexicon.numbers[t[j].text], let value = word.value {
            switch word.kind {
            case .collective:
                return NumberMatch(value: value, range: nil, isImplicit: false, end: skipOf(t, j + 1), isNumeric: false)
            case .fraction:
                // "a half dozen" = 6
                if j + 1 < t.count, multiplies(t[j + 1].text) {
                    return NumberMatch(value: value * 12, range: nil, isImplicit: false, end: skipOf(t, j + 2), isNumeric: false)
                }
                return NumberMatch(value: value, range: nil, isImplicit: false, end: skipArticleOf(t, j + 1), isNumeric: false)
            case .scale:
                return finishCardinal(t, value: value, end: j + 1)
            default: break
            }
        }
        return NumberMatch(value: 1, range: nil, isImplicit: true, end: j, isNumeric: false)
    }

    /// "half", "half a", "half an", "half of a", "half a dozen", "quarter pound".
    private func halfOf(_ t: [Token], at i: Int) -> NumberMatch? {
        guard let value = lexicon.numbers[t[i].text]?.value else { return nil }
        var end = i + 1
        var articleSeen = false
        if end < t.count, grammar.contains(t[end].text, "of") { end += 1 }
        if end < t.count, isArticle(t[end].text) { end += 1; articleSeen = true }
        if end < t.count, multiplies(t[end].text) {
            return NumberMatch(value: value * 12, range: nil, isImplicit: false, end: skipOf(t, end + 1), isNumeric: false)
        }
        if !articleSeen { end = i + 1 }
        return NumberMatch(value: value, range: nil, isImplicit: false, end: end, isNumeric: false)
    }

    /// "one", "twenty one", "two hundred", "one and a half", "two thirds", "three dozen".
    private func cardinal(_ t: [Token], at i: Int) -> NumberMatch? {
        guard let word = lexicon.numbers[t[i].text], var value = word.value else { return nil }
        var end = i + 1
        // Ordering trap: "twenty one" is read before "twenty" alone.
        if word.kind == .tens, end < t.count, let ones = lexicon.numbers[t[end].text], ones.kind == .cardinal,
           let v = ones.value, v < 10, v > 0 {
            value += v; end += 1
        }
        return finishCardinal(t, value: value, end: end)
    }

    private func finishCardinal(_ t: [Token], value start: Double, end start2: Int) -> NumberMatch {
        var value = start
        var end = start2
        if end < t.count, let next = lexicon.numbers[t[end].text], let v = next.value {
            switch next.kind {
            case .scale:
                value *= v; end += 1
                // "two hundred and ten", "one thousand two hundred": the rest of the number adds on.
                if let rest = cardinalRest(t, at: end, below: v) { value += rest.value; end = rest.end }
            case .fraction where value < 10:
                // "two thirds", "one half", "three quarters"
                value *= v; end = skipArticleOf(t, end + 1)
                return NumberMatch(value: value, range: nil, isImplicit: false, end: end, isNumeric: false)
            case .collective where multiplies(t[end].text): value *= v; end = skipOf(t, end + 1)
            default: break
            }
        }
        if let (fraction, fEnd) = andFraction(t, at: end) { value += fraction; end = fEnd }
        return NumberMatch(value: value, range: nil, isImplicit: false, end: end, isNumeric: false)
    }

    /// `(and) <cardinal>` after a scale word, when smaller than the scale ("and ten" after "two hundred").
    private func cardinalRest(_ t: [Token], at i: Int, below scale: Double) -> (value: Double, end: Int)? {
        let j = i < t.count && grammar.contains(t[i].text, "number-and") ? i + 1 : i
        guard j < t.count, let word = lexicon.numbers[t[j].text], word.kind == .cardinal || word.kind == .tens,
              let rest = cardinal(t, at: j), let value = rest.value, value < scale else { return nil }
        return (value, rest.end)
    }

    /// Skips "of" ("a couple of").
    private func skipOf(_ t: [Token], _ i: Int) -> Int {
        i < t.count && grammar.contains(t[i].text, "of") ? i + 1 : i
    }

    /// Skips "of a"/"of an" ("a quarter of a cup"), but not a bare "of" before a food ("a third of the cake").
    private func skipArticleOf(_ t: [Token], _ i: Int) -> Int {
        if i + 1 < t.count, grammar.contains(t[i].text, "of"), isArticle(t[i + 1].text) { return i + 2 }
        return i
    }

    /// "a", "an" (`numbers.tsv`, kind article).
    private func isArticle(_ text: String) -> Bool {
        lexicon.numbers[text]?.kind == .article
    }

    /// Whether `text` multiplies the number before it ("3 dozen", "half a dozen").
    private func multiplies(_ text: String) -> Bool {
        grammar.contains(text, "number-multiplier")
    }
}
