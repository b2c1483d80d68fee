import Foundation

/// Meal and date expressions found in a message, and the tokens they used.
struct TimeExpressions: Sendable, Equatable {
    var meal: MealSlot?
    /// The meal came from a verb of eating ("snacked on"): a meal phrase said after it ("at lunch") names the meal.
    var mealFromVerb = false
    /// A day offset implied by the meal phrase ("last night" = -1).
    var mealDayOffset: Int?
    /// A day offset stated by a date expression ("yesterday", "on monday", "2 days ago", "2026-11-20").
    var dayOffset: Int?
    /// A clock time stated in the text ("at 7pm", "around 12:30") as hour and minute.
    var clock: (hour: Int, minute: Int)?
    /// Tokens that belong to a meal or date expression.
    var consumed: [Bool]

    static func == (a: TimeExpressions, b: TimeExpressions) -> Bool {
        a.meal == b.meal && a.mealDayOffset == b.mealDayOffset && a.dayOffset == b.dayOffset && a.consumed == b.consumed
            && a.clock?.hour == b.clock?.hour && a.clock?.minute == b.clock?.minute
    }
}

/// Reads "for breakfast", "as an afternoon snack", "last night", "yesterday", "on monday", "2 days ago" and
/// ISO dates, so the item scanner can skip them.
struct TimeExpressionReader: Sendable {
    let lexicon: LanguageLexicon
    let numbers: NumberGrammar

    // Its glue words ("for my", "last", "ago", "at", "pm") are `grammar-words.tsv`, read through `lexicon.grammarWords`.
    var grammar: WordKinds { lexicon.grammarWords }

    func read(_ t: [Token], protected: [Bool], reference: ReferenceDate) -> TimeExpressions {
        var result = TimeExpressions(meal: nil, mealDayOffset: nil, dayOffset: nil, consumed: [Bool](repeating: false, count: t.count))
        var i = 0
        // "3 days ago" needs an "ago": most messages have none, and then no token is looked up as a number word.
        let saysAgo = t.contains { grammar.contains($0.text, "ago") }
        while i < t.count {
            if protected[i] { i += 1; continue }
            if let end = isoDate(t, at: i, into: &result, reference: reference)
                ?? relativeDate(t, at: i, into: &result, reference: reference)
                ?? (saysAgo ? daysAgo(t, at: i, into: &result) : nil)
                ?? clockTime(t, at: i, into: &result)
                ?? mealPhrase(t, at: i, protected: protected, into: &result) {
                i = end
            } else {
                i += 1
            }
        }
        return result
    }

    /// The value as an Int when it is a whole number of sensible size (never traps on "99999999999999999999").
    static func smallInt(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) < 1_000_000, value == value.rounded() else { return nil }
        return Int(value)
    }

    private func consume(_ range: Range<Int>, _ result: inout TimeExpressions) {
        for k in range where k < result.consumed.count { result.consumed[k] = true }
    }

    /// Extends a match backwards over "on"/"for my"/"as an" in front of it.
    private func leadingWords(_ t: [Token], before i: Int, determiners: String?, prepositions: String) -> Int {
        var start = i
        while start > 0, let determiners, grammar.contains(t[start - 1].text, determiners) { start -= 1 }
        if start > 0, grammar.contains(t[start - 1].text, prepositions) { start -= 1 }
        return start
    }

    // MARK: - Dates

    /// `YYYY-MM-DD`, e.g. "on 2026-11-20".
    private func isoDate(_ t: [Token], at i: Int, into result: inout TimeExpressions, reference: ReferenceDate) -> Int? {
        guard i + 4 < t.count, t[i].isInteger, t[i].raw.count == 4, t[i + 1].text == "-", t[i + 2].isInteger,
              t[i + 3].text == "-", t[i + 4].isInteger, !t[i + 1].spaceBefore, !t[i + 3].spaceBefore else { return nil }
        guard let y = Self.smallInt(t[i].value), let m = Self.smallInt(t[i + 2].value), let d = Self.smallInt(t[i + 4].value) else { return nil }
        guard CivilDate.isValid(year: y, month: m, day: d) else { return nil }
        result.dayOffset = reference.days(to: y, month: m, day: d)
        consume(leadingWords(t, before: i, determiners: nil, prepositions: "date-on")..<(i + 5), &result)
        return i + 5
    }

    /// "yesterday", "the day before yesterday", "on monday", "last friday".
    private func relativeDate(_ t: [Token], at i: Int, into result: inout TimeExpressions, reference: ReferenceDate) -> Int? {
        guard let (word, length) = lexicon.dates.match(t, at: i) else { return nil }
        switch word {
        case .offset(let offset):
            result.dayOffset = offset
            consume(i..<(i + length), &result)
        case .weekday(let weekday):
            let introducer = i > 0 ? t[i - 1].text : ""
            let isFullName = t[i].text.count > 4
            guard isFullName || grammar.contains(introducer, "weekday-introducer") else { return nil }
            // "on monday": the most recent Monday on or before today; "last monday": strictly before today.
            var back = (reference.weekday - weekday + 7) % 7
            if grammar.contains(introducer, "weekday-back"), back == 0 { back = 7 }
            result.dayOffset = -back
            var start = i
            if grammar.contains(introducer, "weekday-introducer") { start = i - 1 }
            if start > 0, grammar.contains(t[start - 1].text, "weekday-this") { start -= 1 }   // "this past monday"
            consume(start..<(i + length), &result)
        case .span:
            return nil
        }
        return i + length
    }

    /// "2 days ago", "a week ago", "three days ago".
    private func daysAgo(_ t: [Token], at i: Int, into result: inout TimeExpressions) -> Int? {
        guard t[i].isNumber || lexicon.numbers[t[i].text] != nil, let number = numbers.parse(t, at: i),
              let value = number.value, number.end + 1 < t.count,
              let (word, length) = lexicon.dates.match(t, at: number.end), case .span(let days) = word,
              grammar.contains(t[number.end + length].text, "ago") else { return nil }
        guard let offset = Self.smallInt((value * Double(days)).rounded()) else { return nil }
        result.dayOffset = -offset
        consume(i..<(number.end + length + 1), &result)
        return number.end + length + 1
    }

    /// "at 7pm", "7 pm", "around 12:30", "at 7:15 a.m." — a stated clock time.
    private func clockTime(_ t: [Token], at i: Int, into result: inout TimeExpressions) -> Int? {
        var hour: Int?
        var minute = 0
        var j = i
        let text = t[i].text
        if t[i].isWord, let (h, pm) = stuckClock(text) {
            hour = h; j = i + 1   // "7pm" is one token
            if pm && h < 12 { hour = h + 12 } else if !pm && h == 12 { hour = 0 }
            result.clock = (hour ?? 0, 0)
            consume(leadingWords(t, before: i, determiners: "clock-approximate", prepositions: "clock-preposition")..<j, &result)
            return j
        }
        guard t[i].isInteger, t[i].raw.count <= 2, let h = Self.smallInt(t[i].value), (0...23).contains(h) else { return nil }
        hour = h; j = i + 1
        var stated = false
        if j + 1 < t.count, t[j].text == ":", !t[j].spaceBefore, t[j + 1].isInteger, t[j + 1].raw.count == 2, t[j + 1].value < 60 {
            minute = Self.smallInt(t[j + 1].value) ?? 0; j += 2; stated = true
        }
        if j < t.count, clockWord(t[j].text) != nil || (j + 2 < t.count && t[j].text == "a" && t[j + 1].text == "." && t[j + 2].text == "m") {
            let word = clockWord(t[j].text) ?? "clock-am"
            let pm = word == "clock-pm"
            if var h = hour, h <= 12 {
                if pm && h < 12 { h += 12 } else if word == "clock-am" && h == 12 { h = 0 }
                hour = h
            }
            j += 1; stated = true
            if j < t.count, t[j].text == "." { j += 1 }
        }
        // "at 10", "at 3" ending the clause: an hour; 1–6 without am/pm is read as afternoon.
        if !stated, i > 0, grammar.contains(t[i - 1].text, "clock-bare-hour"), let h = hour, (1...12).contains(h),
           j >= t.count || !t[j].isWord || lexicon.connectors.match(t, at: j) != nil || lexicon.meals.match(t, at: j) != nil
            || (grammar.contains(t[j].text, "meal-preposition") && j + 1 < t.count && lexicon.meals.match(t, at: j + 1) != nil) {
            hour = h <= 6 ? h + 12 : h
            stated = true
        }
        guard stated, let h = hour else { return nil }
        result.clock = (h, minute)
        consume(leadingWords(t, before: i, determiners: "clock-approximate", prepositions: "clock-preposition")..<j, &result)
        return j
    }

    // MARK: - Meals

    /// "for breakfast", "as an afternoon snack", "dinner:", "last night". A bare meal word followed by a food
    /// word is part of the food ("breakfast burrito").
    private func mealPhrase(_ t: [Token], at i: Int, protected: [Bool], into result: inout TimeExpressions) -> Int? {
        guard let (phrase, length) = lexicon.meals.match(t, at: i) else { return nil }
        let start = leadingWords(t, before: i, determiners: "meal-determiner", prepositions: "meal-preposition")
        // "a dinner roll" is food: an article alone does not make a meal; "for", "my", "this" do.
        let end = i + length
        // "snacked on grapes": a phrase ending in a preposition is a verb of eating, never part of a food's name.
        let introduced = (start < i && !(start == i - 1 && grammar.contains(t[start].text, "meal-article")))
            || (i > 0 && result.consumed[i - 1]) || (length > 1 && grammar.contains(t[end - 1].text, "preposition"))
        // "corn snacks", "fruit snacks": a plural meal word right after a word names a kind of food.
        if !introduced, length == 1, i > 0, t[i - 1].isWord, t[i].text.hasSuffix("s"), !result.consumed[i - 1],
           lexicon.filler.match(t, at: i - 1) == nil, lexicon.connectors.match(t, at: i - 1) == nil {
            return nil
        }
        // "a snack of 28 g Cheetos", "a hearty dinner of stew": "of" after the meal word makes it the meal.
        if !introduced, end < t.count, t[end].isWord, !grammar.contains(t[end].text, "of"),
           lexicon.connectors.match(t, at: end) == nil, lexicon.filler.match(t, at: end) == nil,
           lexicon.dates.match(t, at: end) == nil, lexicon.meals.match(t, at: end) == nil {
            return nil
        }
        // The first meal named wins ("for lunch I had the leftovers from dinner" is lunch), except over a verb of
        // eating: "snacked on chips at lunch" is lunch.
        let verb = length > 1 && grammar.contains(t[end - 1].text, "preposition")
        let named = start < i && grammar.contains(t[start].text, "meal-preposition")
        if result.meal == nil || (result.mealFromVerb && named && !verb) {
            result.meal = phrase.meal
            result.mealFromVerb = verb
        }
        // "for dinner last night": the second phrase still fixes the day.
        if result.mealDayOffset == nil { result.mealDayOffset = phrase.dayOffset }
        consume(start..<end, &result)
        return end
    }

    /// The clock word after an hour ("am", "p.m", "o'clock") as its kind in `grammar-words.tsv`, or nil.
    private func clockWord(_ word: String) -> String? {
        ["clock-am", "clock-pm", "clock-oclock"].first { grammar.contains(word, $0) }
    }

    /// "7pm", "11am": the hour and whether it is after noon, when `text` is an hour with a clock word stuck to it.
    private func stuckClock(_ text: String) -> (hour: Int, pm: Bool)? {
        for kind in ["clock-am", "clock-pm"] {
            for word in grammar[kind] where text.hasSuffix(word) {
                if let h = Int(text.dropLast(word.count)), (1...12).contains(h) { return (h, kind == "clock-pm") }
            }
        }
        return nil
    }
}
