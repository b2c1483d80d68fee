import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

extension Conversation {
    // MARK: - correct

    /// "actually 2 cups", "make that 3", "no, I meant brown rice", "it was skim, not whole": changes the last entry
    /// (or the one named) in place — never a duplicate.
    func correct(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        state.pending = nil
        let words = Self.correctionBody(analysis.input)
        var (replacement, replaced) = Self.splitNot(words)
        let bareCount = replaced == nil && replacement.count == 1 && Double(replacement[0]) != nil
        guard var entry = try targetEntry(naming: replaced ?? [], bareCount: bareCount) else {
            return reply(input, "correct", replies.nothingToCorrect)
        }
        var mention = originalMention(of: entry)
        if let replaced, !replaced.isEmpty {
            let oldFood = TextFolding.words(mention.food)
            if let range = oldFood.firstRange(of: replaced) {
                var newFood = oldFood
                newFood.replaceSubrange(range, with: replacement)
                replacement = newFood
            }
            mention.food = replacement.joined(separator: " ")
        } else {
            let body = replacement.joined(separator: " ")
            if let (amount, rest) = quantities.leadingAmount(in: body) {
                mention.amount = merged(amount, into: mention.amount)
                let restWords = TextFolding.words(rest).filter { !["of", "please", "instead"].contains($0) }
                if !restWords.isEmpty { mention.food = restWords.joined(separator: " ") }
            } else if !replacement.isEmpty {
                mention.food = replacement.filter { $0 != "instead" }.joined(separator: " ")
            } else {
                return reply(input, "correct", replies.correctionUnclear)
            }
        }
        mention.text = describe(mention)
        let item = analyzer.resolve(mention)
        guard item.match != nil, item.portion != nil else {
            return reply(input, "correct", replies.unknownFoods([mention.food]))
        }
        let updated = makeEntry(item, date: entry.date, meal: entry.meal)
        entry.text = updated.text
        entry.foodId = updated.foodId
        entry.foodName = updated.foodName
        entry.quantity = updated.quantity
        entry.unit = updated.unit
        entry.grams = updated.grams
        entry.nutrients = updated.nutrients
        try journal.updateEntry(entry)
        state.lastBatch = entry.id.map { [$0] } ?? []
        return reply(input, "correct", replies.corrected(entry, total: try dayKcal(entry.date), imperial: prefersImperial), logged: [entry])
    }

    /// The words after "actually", "make that", "no, I meant", "it was", "change it to"…
    static func correctionBody(_ text: String) -> [String] {
        var words = TextFolding.words(text)
        let leads: [[String]] = [
            ["actually"], ["no"], ["nope"], ["oops"], ["sorry"], ["wait"], ["correction"], ["make", "that"],
            ["make", "it"], ["change", "that", "to"], ["change", "it", "to"], ["i", "meant"], ["i", "mean"], ["meant"],
            ["it", "was"], ["it", "were"], ["that", "was"], ["that", "should", "be"], ["should", "be"], ["i", "had"],
            ["it", "should", "be"], ["not"], ["instead"],
        ]
        var changed = true
        while changed {
            changed = false
            for lead in leads where words.starts(with: lead) && words.count > lead.count {
                words.removeFirst(lead.count)
                changed = true
            }
        }
        return words
    }

    /// "skim not whole" → (["skim"], ["whole"]); "not whole but skim" → (["skim"], ["whole"]).
    static func splitNot(_ words: [String]) -> ([String], [String]?) {
        if words.first == "not", let but = words.firstIndex(of: "but") {
            return (Array(words[(but + 1)...]), Array(words[1..<but]))
        }
        if let not = words.firstIndex(of: "not"), not > 0 {
            return (Array(words[..<not]), Array(words[(not + 1)...]).filter { $0 != "the" })
        }
        return (words, nil)
    }

    /// The entry a correction or removal is about: the last one logged, or the latest today that names `words`.
    /// With `bareCount` ("make that 3"), the entry of the last message that was counted ("2 eggs") rather than
    /// measured ("a slice of toast").
    func targetEntry(naming words: [String], bareCount: Bool = false) throws -> JournalEntry? {
        let recent = try journal.entries(from: reference.isoDate(addingDays: -1), to: today)
        if !words.isEmpty {
            let named = recent.last { entry in
                let names = Set(TextFolding.words(entry.text + " " + entry.foodName))
                return words.allSatisfy { names.contains($0) || names.contains(analyzer.services.language.singular($0)) }
            }
            if let named { return named }
        }
        let batch = try state.lastBatch.compactMap { try journal.entry(id: $0) }
        if bareCount, batch.count > 1,
           let counted = batch.last(where: { ($0.quantity ?? 1) > 1 || ($0.unit == nil && !$0.text.lowercased().hasPrefix("a ")) }) {
            return counted
        }
        if let entry = batch.last { return entry }
        return recent.max { ($0.createdAt, $0.id ?? 0) < ($1.createdAt, $1.id ?? 0) }
    }

    /// The mention an entry was logged from, re-read from its text.
    func originalMention(of entry: JournalEntry) -> FoodMention {
        let parsed = MealTextParser(lexicon: analyzer.services.language, knownFoods: [])
            .parse(entry.text, reference: reference).items.first
        return parsed ?? FoodMention(text: entry.text, amount: Amount(quantity: entry.quantity, unit: entry.unit),
                                     food: entry.foodName)
    }

    /// A new amount over an old one: "make that 3" keeps the old unit; "actually 2 cups" replaces it.
    func merged(_ new: Amount, into old: Amount) -> Amount {
        guard new.unit == nil, new.size == nil, new.package == nil else { return new }
        var result = old
        result.quantity = new.quantity
        result.range = new.range
        result.isImplicit = false
        return result
    }

    func describe(_ mention: FoodMention) -> String {
        let amount = mention.amount
        var parts: [String] = []
        if let q = amount.quantity { parts.append(ReplyText.number(q)) }
        if let size = amount.size { parts.append(size) }
        let many = (amount.quantity ?? 1) > 1
        if let unit = amount.unit { parts.append(many ? Self.plural(unit) : unit) }
        var words = mention.food.splitting(" ").map(String.init)
        if many, amount.unit == nil, let last = words.popLast() { words.append(Self.plural(last)) }
        parts.append(words.joined(separator: " "))
        return parts.joined(separator: " ")
    }

    /// "egg" → "eggs", "cherry" → "cherries", "peach" → "peaches", "potato" → "potatoes", for replies.
    static func plural(_ word: String) -> String {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        if word.hasSuffix("s") { return word }
        if word.hasSuffix("y"), word.count > 1, !vowels.contains(word.dropLast().last ?? "a") { return word.dropLast() + "ies" }
        if ["ch", "sh", "x", "z"].contains(where: { word.hasSuffix($0) }) || ["potato", "tomato"].contains(word) {
            return word + "es"
        }
        return word + "s"
    }

    // MARK: - undo

    /// "undo", "scratch that": the last logged message; "delete the last entry": the last entry;
    /// "remove the banana from lunch": the latest entry naming it.
    func undo(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        state.pending = nil
        state.queue = []
        let words = TextFolding.words(analysis.input)
        let commandWords: Set<String> = [
            "undo", "scratch", "that", "delete", "remove", "the", "last", "entry", "from", "my", "please", "take", "off",
            "out", "cancel", "forget", "it", "erase", "log", "logged", "one", "item", "previous", "i", "just", "didn't",
            "didnt", "have", "eat", "drop", "never", "mind", "oops", "today", "todays", "what", "said", "and", "a", "an",
        ]
        let mealWords = Set(MealSlot.allCases.flatMap { $0.rawValue.splitting(" ").map(String.init) })
        let named = words.filter { !commandWords.contains($0) && !mealWords.contains($0) }
        if !named.isEmpty {
            let meal = words.first { mealWords.contains($0) && $0 != "snack" }
            let candidates = try journal.entries(on: today).filter { meal == nil || $0.meal.contains(meal ?? "") }
            let singular = analyzer.services.language.singular
            guard let entry = candidates.last(where: { entry in
                let names = Set(TextFolding.words(entry.text + " " + entry.foodName).map(singular))
                return named.allSatisfy { names.contains(singular($0)) }
            }), let id = entry.id else {
                return reply(input, "undo", replies.nothingNamed(named.joined(separator: " ")))
            }
            try journal.deleteEntries(ids: [id])
            state.lastBatch.removeAll { $0 == id }
            return reply(input, "undo", replies.removed([entry], total: try dayKcal(entry.date)))
        }
        let onlyLast = words.contains("entry") || words.contains("item")
        if !state.lastWater.isEmpty, state.lastBatch.isEmpty {
            try journal.deleteWater(ids: state.lastWater)
            state.lastWater = []
            return reply(input, "undo", replies.waterRemoved)
        }
        var ids = state.lastBatch
        if ids.isEmpty, let last = try journal.entries(on: today).max(by: { ($0.id ?? 0) < ($1.id ?? 0) })?.id { ids = [last] }
        if onlyLast, let last = ids.last { ids = [last] }
        let entries = try ids.compactMap { try journal.entry(id: $0) }
        guard !entries.isEmpty else { return reply(input, "undo", replies.nothingToUndo) }
        try journal.deleteEntries(ids: ids)
        state.lastBatch.removeAll { ids.contains($0) }
        return reply(input, "undo", replies.removed(entries, total: try todayKcal()))
    }
}
