import Foundation

/// The people a message says the food was eaten or shared with, and the share each eater had.
struct Company: Sendable, Equatable {
    /// Tokens that name the people or the sharing ("with my wife", "split", "my wife and I"): never food.
    var consumed: [Bool]
    /// The share of the food each eater had when a verb of sharing says it was divided ("split a burrito with my
    /// wife" → 1/2); nil when nothing was shared.
    var share: Double?
    /// The tokens whose items were shared: from the verb of sharing to the end of the people named after it, or to the
    /// end of the message.
    var shared: Range<Int>?
    /// Whether the sharing is told as done: a verb that says so ("shared") or the eater before the verb ("I split",
    /// "my wife and I split"); "split a pizza into 8 slices" and "share this recipe" are not.
    var told = false
    /// Whether the people it was shared with are named after the verb ("split a burrito with my wife").
    var named = false
    /// The tokens whose items a group got for its eaters together, with no sharing said ("we ordered 2 large
    /// pizzas", "my family and I got a bucket of chicken"): from the verb to the eater named again ("… and I had 3
    /// slices") or the end. Nil in a question ("we ordered 2 pizzas?") and for the person alone ("I ordered …").
    var ordered: Range<Int>?
}

/// Reads "with my wife", "between the 3 of us", "my wife and I" and "we", and a verb of sharing ("split", "shared"),
/// from `company-words.tsv`: the people are never food, and after a verb of sharing the foods are divided among the
/// eaters. A number of people counts as said; a plural or a group with no number ("friends", "the family") is two
/// others, and "we" two eaters; "I shared a pizza" with no one named is half.
struct CompanyReader: Sendable {
    let lexicon: LanguageLexicon
    let numbers: NumberGrammar

    private var words: WordKinds { lexicon.companyWords }

    /// Reads `t`; `protected` tokens (known food names, time words) are never people, and `timed` tokens (meal and
    /// date words) may follow them ("with my wife yesterday").
    func read(_ t: [Token], protected: [Bool], timed: [Bool]) -> Company {
        var company = Company(consumed: [Bool](repeating: false, count: t.count))
        let text = t.map(\.text)
        var shareAt: Int?
        var others: Double?
        var eaters: Double?
        var peopleEnd: Int?
        var eaterBefore = false
        var groupBefore = false
        var orderAt: Int?
        var eaterAfterOrder: Int?
        var i = 0
        while i < t.count {
            if protected[i] || !t[i].isWord { i += 1; continue }
            if shareAt == nil, let length = words.match("shared", in: text, at: i) ?? words.match("share", in: text, at: i) {
                shareAt = i
                company.told = words.match("shared", in: text, at: i) != nil || eaterBefore
                mark(&company, i..<(i + length))
                i += length
                continue
            }
            if orderAt == nil, groupBefore, let length = words.match("order", in: text, at: i) {
                orderAt = i
                i += length
                continue
            }
            if orderAt != nil, eaterAfterOrder == nil, words.contains(text[i], "self") { eaterAfterOrder = i }
            if words.contains(text[i], "self") || words.contains(text[i], "us") { eaterBefore = true }
            if let (end, count, total) = people(t, text, from: i, protected: protected, timed: timed) {
                mark(&company, i..<end)
                if let total { eaters = total } else { others = (others ?? 0) + count }
                if shareAt != nil { peopleEnd = end; company.named = true } else { eaterBefore = true }
                if orderAt == nil { groupBefore = true }
                i = end
                continue
            }
            i += 1
        }
        guard let start = shareAt else {
            if let orderAt, !t.contains(where: { $0.text == "?" }) { company.ordered = orderAt..<(eaterAfterOrder ?? t.count) }
            return company
        }
        let total = eaters ?? 1 + (others ?? 1)
        guard total >= 2 else { return company }
        company.share = 1 / total
        company.shared = start..<(peopleEnd ?? t.count)
        return company
    }

    private func mark(_ company: inout Company, _ range: Range<Int>) {
        for k in range { company.consumed[k] = true }
    }

    /// The people named from `i`: where they end, how many others they are, or how many eaters in all ("the 3 of
    /// us", "we"). "with" or "between" lead to people; "my wife and I" and "we" stand alone.
    private func people(_ t: [Token], _ text: [String], from i: Int,
                        protected: [Bool], timed: [Bool]) -> (end: Int, others: Double, eaters: Double?)? {
        let group = { (at: Int) in self.group(t, text, at: at, protected: protected, timed: timed) }
        var j = i
        let all = words.match("lead-all", in: text, at: j)
        let led = (all ?? words.match("lead", in: text, at: j)).map { j += $0; return true } ?? false
        if let (end, eaters) = us(t, text, at: j) { return (end, 0, eaters) }
        var end: Int
        var others: Double
        if !led, words.contains(text[i], "self"), i + 1 < t.count, lexicon.grammarWords.contains(text[i + 1], "list-and"),
           let (after, count, _) = group(i + 2) {
            // "me and my wife split a pizza": the eater named before the others.
            (end, others) = (after, count)
        } else if let (after, count, stated) = group(j) {
            // "among four people": the number counts every eater.
            if all != nil, stated { return (after, 0, count) }
            (end, others) = (after, count)
            // "my wife and I": named alone, people are the eater's company only beside the eater.
            if !led {
                guard end + 1 < t.count, lexicon.grammarWords.contains(text[end], "list-and"),
                      words.contains(text[end + 1], "self") else { return nil }
                end += 2
            }
        } else {
            return nil
        }
        // "with my wife and 2 kids": more people joined by "and".
        while end + 1 < t.count, lexicon.grammarWords.contains(text[end], "list-and") || text[end] == ",",
              let (after, count, _) = group(end + 1) {
            end = after
            others += count
        }
        return (end, others, nil)
    }

    /// "we", "us", "the 3 of us", "all 4 of us": the end and the number of eaters.
    private func us(_ t: [Token], _ text: [String], at i: Int) -> (end: Int, eaters: Double)? {
        var j = i
        while j < t.count, words.contains(text[j], "determiner") { j += 1 }
        if j < t.count, let number = numbers.parse(t, at: j, ranges: false), !number.isImplicit, let value = number.value,
           number.end + 1 < t.count, words.contains(text[number.end], "of"), words.contains(text[number.end + 1], "us") {
            return (number.end + 2, value)
        }
        if j < t.count, words.contains(text[j], "us") { return (j + 1, 2) }
        return nil
    }

    /// One kind of people: determiners, a number, and a person or a group ("my wife", "2 friends", "the kids"); how
    /// many, and whether the number was said.
    private func group(_ t: [Token], _ text: [String], at i: Int, protected: [Bool],
                       timed: [Bool]) -> (end: Int, others: Double, stated: Bool)? {
        var j = i
        var stated: Double?
        while j < t.count, !protected[j] {
            if words.contains(text[j], "determiner"), !isEnd(text, at: j + 1) {
                j += 1
            } else if stated == nil, let number = numbers.parse(t, at: j, ranges: false), !number.isImplicit,
                      let value = number.value, value >= 1, value < 100 {
                stated = value
                j = number.end
            } else {
                break
            }
        }
        guard j < t.count, !protected[j], t[j].isWord else { return nil }
        let word = text[j]
        let singular = lexicon.singular(word)
        // "with a kids meal order of fries": a person word inside a food's name is no company.
        guard closes(t, text, at: j + 1, timed: timed) else { return nil }
        if words.contains(word, "group") || (singular != word && words.contains(singular, "group")) {
            return (j + 1, stated ?? 2, stated != nil)
        }
        guard words.contains(word, "person") || words.contains(singular, "person") else { return nil }
        let plural = !words.contains(word, "person")
        return (j + 1, stated ?? (plural ? 2 : 1), stated != nil)
    }

    /// Whether the people may end before `i`: the message or a clause ends, a list, a joining word, a preposition, an
    /// article or a meal or date word follows ("with my wife and kids", "with friends at lunch", "… yesterday").
    private func closes(_ t: [Token], _ text: [String], at i: Int, timed: [Bool]) -> Bool {
        guard i < t.count, t[i].isWord, !timed[i] else { return true }
        let grammar = lexicon.grammarWords
        if ["list-and", "preposition", "meal-preposition", "definite", "determiner"].contains(where: { grammar.contains(text[i], $0) }) {
            return true
        }
        if ["lead", "lead-all", "share", "shared", "self", "us"].contains(where: { words.contains(text[i], $0) }) { return true }
        return lexicon.connectors.match(t, at: i) != nil
    }

    /// Whether the people end at `i`: the message or its clause ends, or a list goes on ("with her and …" is "her").
    private func isEnd(_ text: [String], at i: Int) -> Bool {
        i >= text.count || ItemScanner.separators.contains(text[i]) || lexicon.grammarWords.contains(text[i], "list-and")
    }
}
