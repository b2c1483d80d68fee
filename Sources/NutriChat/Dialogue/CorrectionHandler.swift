import Foundation
import NutriLanguage
import NutriStore

/// Corrections: "actually 1.5 cups", "make that 3/4 cup", "3 not 2", "it was skim, not whole", "change the rice to
/// 2 cups", "actually it was 147.4" (the weight). The entry is named by food, diary number or meal, or else it is
/// the last one logged; a correction changes one entry of the kind it names and is one step of the undo history.
struct CorrectionHandler {
    let chat: Conversation

    /// What a correction says to change, read from its body.
    private struct Change {
        var amount: Amount?
        var food: [String] = []
        var meal: String?
    }

    /// The correction's reply; nil when `handsBack` and no entry has the name said (the message is then a
    /// setting or goal: "change my calorie goal to 1800").
    func correct(_ analysis: MessageAnalysis, cues: MessageCues, input: String, handsBack: Bool) throws -> Reply? {
        chat.state.pending = nil
        chat.state.queue = []
        let vocabulary = try chat.dialogueWords()
        let slots = try chat.journal.mealSlots().map(\.name)
        let change = read(cues.body, slots: slots, vocabulary: vocabulary)
        let named = !change.food.isEmpty || cues.changeTarget != nil || cues.entryNumber != nil
            || chat.state.chosenEntry != nil || change.meal != nil
        // "actually 3 slices" names the entry measured in slices, even after a glass of water or a weight.
        let measured = named ? nil : try entryMeasured(in: change.amount)
        // "actually it was 45 minutes" right after an exercise (Conversation+Exercise).
        if !handsBack, measured == nil, change.meal == nil, cues.changeTarget == nil, cues.entryNumber == nil, chat.state.chosenEntry == nil,
           let reply = try chat.correctExercise(body: cues.body, named: change.food, input: input) { return reply }
        if !handsBack, vocabulary.contains(.weightWord, in: cues.words) || (!named && measured == nil && isWeightLast) {
            return try correctWeight(change.amount, analysis: analysis, input: input)
        }
        if !handsBack, vocabulary.contains(.waterWord, in: cues.words)
            || (!named && measured == nil && !chat.state.lastWater.isEmpty && chat.state.lastBatch.isEmpty) {
            return try correctWater(change.amount, analysis: analysis, input: input)
        }
        return try correctEntry(change, analysis: analysis, cues: cues, slots: slots, vocabulary: vocabulary, input: input,
                                handsBack: handsBack, measured: measured)
    }

    /// The newest food entry measured in the piece a correction says (a slice, a piece, a clove; never a volume,
    /// which water has too): the last message's entries first, then today's. "actually 3 slices" after "2 slices of pizza
    /// and a coke" is about the pizza, not the coke, and after a glass of water still about the pizza.
    /// A container ("actually 2 glasses" after "white rice and a glass of milk") names only an entry of the last
    /// message: water comes in glasses too, so after a glass of water it stays the water's.
    private func entryMeasured(in amount: Amount?) throws -> JournalEntry? {
        guard let unit = amount?.unit, let definition = chat.analyzer.services.language.unitDefinition(for: unit) else { return nil }
        let language = chat.analyzer.services.language
        // A pizza's slice is its piece: "2 slices of pizza" keeps no unit, the person's words still say it.
        let sameUnit = { (entry: JournalEntry) in
            let said = entry.unit.map { [$0] } ?? FoldedWords.words(of: entry.text)
            return said.map(language.singular).contains(language.singular(unit))
        }
        guard definition.kind == .portion || definition.kind == .container else {
            // "actually 1/2 cup" after "2 eggs and a cup of milk": the one entry of the last message measured in cups.
            guard definition.kind == .volume || definition.kind == .mass else { return nil }
            let measured = try lastBatchEntries().filter(sameUnit)
            return measured.count == 1 ? measured[0] : nil
        }
        if let entry = try lastBatchEntries().last(where: sameUnit) { return entry }
        return definition.kind == .portion ? try newestToday(where: sameUnit) : nil
    }

    private var isWeightLast: Bool {
        if case .weight? = chat.state.lastTracking { return true }
        return false
    }

    /// The amount, the food words and a meal slot said in a correction's body.
    private func read(_ body: [String], slots: [String], vocabulary: DialogueWords) -> Change {
        var words = body
        var change = Change()
        change.meal = MealSlotWords.take(from: &words, slots: slots, vocabulary: vocabulary)
        var rest = words.joined(separator: " ")
        if !words.isEmpty, let (amount, after) = chat.quantities.leadingAmount(in: rest),
           amount.quantity != nil || amount.unit != nil || amount.size != nil {
            change.amount = amount
            rest = after
        }
        // Numbers and units the amount grammar did not take ("1e308 cups") name no food.
        change.food = FoldedWords.words(of: rest).filter {
            !vocabulary.isWord($0, .filler) && !vocabulary.isWord($0, .correctAnywhere) && !chat.isAmountWord($0)
        }
        return change
    }

    // MARK: - Entries

    private func correctEntry(_ change: Change, analysis: MessageAnalysis, cues: MessageCues, slots: [String],
                              vocabulary: DialogueWords, input: String, handsBack: Bool, measured: JournalEntry?) throws -> Reply? {
        var newFood = change.food
        var substitution: (replacement: [String], replaced: [String])?
        var reference = EntryReference(number: chat.state.chosenEntry ?? cues.entryNumber, meal: change.meal)
        if let target = cues.changeTarget {
            reference = EntryReference.read(target, number: reference.number, slots: slots, vocabulary: vocabulary,
                                            isAmountWord: chat.isAmountWord)
            reference.number = chat.state.chosenEntry ?? cues.entryNumber
        } else if let replaced = cues.replaced {
            if let old = Double(replaced[0]) {
                reference.quantity = old
            } else {
                reference.food = replaced.filter { !vocabulary.isWord($0, .filler) }
                substitution = (cues.body, replaced)
                newFood = []
            }
        } else if !change.food.isEmpty {
            // "actually 3 eggs": the food names the entry when one has it; otherwise it is the new food.
            reference.food = change.food
            let found = try find(reference, analysis: analysis)
            // An entry picked by number ("#2", or the answer to "which one?") keeps a food it does not name as new.
            if found == .notFound || (reference.number != nil && !names(found, change.food)) {
                reference.food = []
            } else {
                newFood = []
            }
        }
        // "actually 3 eggs" after "2 cups oatmeal and a banana": a new food with no entry named could replace either;
        // the person picks (a bare "make that 3" stays with the counted entry).
        // "it was a turkey sandwich" after "a sandwich and an apple" is about the one entry sharing a word with it.
        var told: JournalEntry?
        if !newFood.isEmpty, reference.isUnnamed, reference.quantity == nil, measured == nil, cues.changeTarget == nil {
            let batch = try lastBatchEntries()
            let sharing = batch.filter { names(.found($0), newFood, any: true) }
            if sharing.count == 1 { told = sharing[0] } else if batch.count > 1 {
                return try askWhich(sharing.isEmpty ? batch : sharing, input: input, intent: "correct")
            }
        }
        // "oat milk, not regular" after "oatmeal and a coffee with milk": the one entry of the last message named by
        // the new food's last word (its head, "milk") is the one told more exactly, whatever else "regular" names.
        if let substitution, let head = substitution.replacement.last, reference.number == nil, reference.quantity == nil,
           measured == nil, cues.changeTarget == nil {
            let sharing = try lastBatchEntries().filter { names(.found($0), [head]) }
            if sharing.count == 1 { told = sharing[0] }
        }
        // "6 oz" after "salmon with rice and broccoli": a weight or volume that no entry of the last message was said in
        // could be any of them; the person picks (never the last one by default).
        if told == nil, measured == nil, reference.isUnnamed, reference.quantity == nil, newFood.isEmpty, substitution == nil,
           cues.changeTarget == nil, let unit = change.amount?.unit,
           let kind = chat.analyzer.services.language.unitDefinition(for: unit)?.kind, kind == .mass || kind == .volume {
            let batch = try lastBatchEntries()
            if batch.count > 1 { return try askWhich(batch, input: input, intent: "correct") }
        }
        let entry: JournalEntry
        let match = try (told ?? measured.flatMap { reference.isUnnamed ? $0 : nil }).map(EntryMatch.found) ?? find(reference, analysis: analysis)
        switch match {
        case .found(let found): entry = found
        case .ambiguous(let entries): return try askWhich(entries, input: input, intent: "correct")
        case .notFound:
            if handsBack { return nil }
            // "it was skim, not whole" after "a glass of milk" (whole milk): the last entry, when its food is
            // the one replaced; "skim not whole" after the salmon changes no salmon.
            if let substitution, let last = try lastEntry(counted: false),
               Set(substitution.replaced.filter { !vocabulary.isWord($0, .filler) })
                .isSubset(of: FoldedWords.words(of: last.text + " " + last.foodName)) {
                entry = last
            } else if reference.isUnnamed || reference.food.isEmpty {
                return chat.reply(input, "correct", chat.replies.nothingToCorrect)
            } else {
                return chat.reply(input, "correct", chat.replies.nothingNamed(reference.food.joined(separator: " ")))
            }
        }
        if let amount = change.amount, !chat.isSensible(amount) {
            return chat.reply(input, "correct", chat.replies.amountTooLarge)
        }
        let original = chat.originalMention(of: entry)
        var mention = original
        if let substitution {
            let oldFood = FoldedWords.words(of: mention.food)
            var replacement = substitution.replacement
            // "skim not whole" in "whole milk" is skim milk; "brown rice not white" in "white rice" is brown rice
            // (the replacement already holds the rest of the name), never "brown rice rice".
            if let range = oldFood.firstRange(of: substitution.replaced),
               !Set(oldFood[..<range.lowerBound] + oldFood[range.upperBound...]).isSubset(of: Set(replacement)) {
                var food = oldFood
                food.replaceSubrange(range, with: replacement)
                replacement = food
            }
            mention.food = replacement.joined(separator: " ")
        }
        // A count for a new food is that food's count ("3 eggs" for "2 cups oatmeal" is 3 eggs, never 3 cups of eggs).
        if let amount = change.amount { mention.amount = newFood.isEmpty ? chat.merged(amount, into: mention.amount) : amount }
        if !newFood.isEmpty { mention.food = bestFood(newFood, old: mention.food) }
        guard change.amount != nil || !newFood.isEmpty || substitution != nil else {
            return chat.reply(input, "correct", chat.replies.correctionUnclear)
        }
        mention.text = chat.describe(mention)
        var item = chat.analyzer.resolve(mention)
        guard item.match != nil, var portion = item.portion else {
            // "634" after a beer: the food is known, the amount is more than one go ("I couldn't find beer" was wrong).
            if let problem = item.amountProblem {
                return chat.reply(input, "correct", chat.replies.implausibleCorrection(problem))
            }
            return chat.reply(input, "correct", chat.replies.unknownFoods([mention.food]))
        }
        // Only the food changes: a portion the message around it set (milk stirred into a coffee, a side on a shared
        // plate) stays. "actually oat milk" after "a coffee with milk" is the coffee's splash of oat milk, not a cup.
        if change.amount == nil, !newFood.isEmpty || substitution != nil, original.amount.isEmpty, portion.grams > 0,
           entry.grams > 0, let alone = chat.analyzer.resolve(original).portion?.grams, abs(alone - entry.grams) > 0.5 {
            item.nutrients = item.nutrients.scaled(by: entry.grams / portion.grams)
            portion.grams = entry.grams
            item.portion = portion
        }
        var updated = chat.makeEntry(item, date: entry.date, meal: entry.meal)
        updated.id = entry.id
        updated.createdAt = entry.createdAt
        guard updated != entry else { return chat.reply(input, "correct", chat.replies.unchanged(entry)) }
        try chat.journal.record(HistoryStep(kind: .correct, summary: "\(entry.text) → \(updated.text)",
                                            changes: [RowChange(before: .entry(entry), after: .entry(updated))]))
        chat.state.lastBatch = updated.id.map { [$0] } ?? []
        chat.state.lastWater = []
        chat.state.lastTracking = nil
        return chat.reply(input, "correct",
                          chat.replies.corrected(updated, was: entry, total: try chat.dayKcal(entry.date), today: chat.today,
                                                 imperial: chat.prefersImperial),
                          logged: [updated])
    }

    /// The entry a reference names; an unnamed one is the last entry of the last message (with a bare count,
    /// the counted one: "make that 3" after "2 eggs and a slice of toast" is about the eggs).
    private func find(_ reference: EntryReference, analysis: MessageAnalysis) throws -> EntryMatch {
        if reference.isUnnamed, reference.quantity == nil {
            return try lastEntry(counted: true).map(EntryMatch.found) ?? .notFound
        }
        return try chat.entryFinder.find(reference, lastBatch: chat.state.lastBatch, day: analysis.date,
                                         dayBefore: DayArithmetic.adding(-1, to: analysis.date) ?? analysis.date)
    }

    /// Whether the entry found has every one (or with `any`, one) of `food`'s words in its text or food name (plurals
    /// folded).
    private func names(_ match: EntryMatch, _ food: [String], any: Bool = false) -> Bool {
        guard case .found(let entry) = match else { return true }
        let language = chat.analyzer.services.language
        let words = Set(FoldedWords.words(of: entry.text + " " + entry.foodName).map(language.singular))
        let named = { (word: String) in words.contains(language.singular(word)) }
        return any ? food.contains(where: named) : food.allSatisfy(named)
    }

    /// The last entry of the last message, or after a restart the newest entry of the last logging step or of today.
    func lastEntry(counted: Bool) throws -> JournalEntry? {
        let batch = try lastBatchEntries()
        // "2 eggs and toast" then "make that 3": the entry counted more than one first, then one named bare.
        if counted, batch.count > 1,
           let entry = batch.last(where: { ($0.quantity ?? 1) > 1 && $0.unit == nil })
            ?? batch.last(where: { ($0.quantity ?? 1) > 1 || ($0.unit == nil && !$0.text.lowercased().hasPrefix("a ")) }) {
            return entry
        }
        if let entry = batch.last { return entry }
        if let step = try chat.journal.lastStep(), let id = step.entriesAfter.last?.id, let entry = try chat.journal.entry(id: id) {
            return entry
        }
        return try newestToday { _ in true }
    }

    /// The entries the last message logged that are still in the journal, in their order.
    private func lastBatchEntries() throws -> [JournalEntry] {
        try chat.state.lastBatch.compactMap { try chat.journal.entry(id: $0) }
    }

    /// Today's newest entry that `accepts`.
    private func newestToday(where accepts: (JournalEntry) -> Bool) throws -> JournalEntry? {
        try chat.journal.entries(on: chat.today).filter(accepts).max { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    /// "make it diet" after a coke is a diet coke, not "diet" alone: the new words with the old food's when that
    /// names a food better than the new words alone.
    private func bestFood(_ words: [String], old: String) -> String {
        let alone = words.joined(separator: " ")
        let oldWords = FoldedWords.words(of: old)
        guard !Set(oldWords).isSubset(of: Set(words)), let last = oldWords.last else { return alone }
        let combined = (words + [last]).joined(separator: " ")
        let aloneScore = chat.analyzer.resolve(FoodMention(text: alone, amount: Amount(), food: alone)).match?.score ?? 0
        let combinedScore = chat.analyzer.resolve(FoodMention(text: combined, amount: Amount(), food: combined)).match?.score ?? 0
        return combinedScore > aloneScore ? combined : alone
    }

    /// "Which one? 1) #3 2 eggs (breakfast)  2) #7 2 eggs (lunch)" — the message is carried out on the answer.
    func askWhich(_ entries: [JournalEntry], input: String, intent: String) throws -> Reply {
        let shown = Array(entries.suffix(5))
        chat.state.pending = .entry(EntryQuestion(ids: shown.compactMap(\.id), message: input))
        return chat.reply(input, intent, chat.replies.whichEntry(shown, today: chat.today))
    }

    // MARK: - Water and weight

    /// "actually 3 glasses" after water: the last water record of the day gets the new amount.
    private func correctWater(_ amount: Amount?, analysis: MessageAnalysis, input: String) throws -> Reply {
        guard let amount, let quantity = amount.quantity ?? (amount.unit != nil ? 1 : nil) else {
            return chat.reply(input, "correct", chat.replies.correctionUnclear)
        }
        guard chat.isSensible(amount) else { return chat.reply(input, "correct", chat.replies.amountTooLarge) }
        let records = try chat.journal.waterRecords(on: analysis.date)
        guard let record = records.last(where: { chat.state.lastWater.contains($0.id ?? -1) }) ?? records.last else {
            return chat.reply(input, "correct", chat.replies.nothingToCorrect)
        }
        let milliliters = quantity * chat.waterMilliliters(of: amount.unit == nil ? Amount(quantity: 1, unit: nil) : amount,
                                                           language: chat.analyzer.services.language)
        guard milliliters > 0, milliliters <= 20_000 else { return chat.reply(input, "correct", chat.replies.correctionUnclear) }
        var updated = record
        updated.milliliters = milliliters
        updated.text = input
        try chat.journal.record(HistoryStep(kind: .correct, summary: "water", changes: [RowChange(before: .water(record), after: .water(updated))]))
        chat.state.lastWater = updated.id.map { [$0] } ?? []
        chat.state.lastBatch = []
        let total = try chat.journal.water(on: record.date)
        return chat.reply(input, "correct", chat.replies.waterCorrected(updated.milliliters, was: record.milliliters, total: total))
    }

    /// "actually it was 147.4" after a weight: the day's weight gets the new value, in the unit said or the
    /// person's units; a food entry is never touched.
    private func correctWeight(_ amount: Amount?, analysis: MessageAnalysis, input: String) throws -> Reply {
        let units = try chat.journal.profile().units ?? .metric
        guard let amount, let quantity = amount.quantity else { return chat.reply(input, "correct", chat.replies.correctionUnclear) }
        guard quantity.isFinite, quantity > 0, quantity < 1_000 else {
            return chat.reply(input, "correct", try chat.trackingText().problems([.weight(kg: quantity)]))
        }
        var date = analysis.date
        if case .weight(let day, _)? = chat.state.lastTracking { date = day }
        guard let record = try chat.journal.weights(from: date, to: date).last else {
            return chat.reply(input, "correct", try chat.trackingText().noWeight(on: date))
        }
        let kilograms: Double
        if let unit = amount.unit {
            guard let grams = chat.analyzer.services.language.unitDefinition(for: unit)?.grams else {
                return chat.reply(input, "correct", chat.replies.correctionUnclear)
            }
            kilograms = quantity * grams / 1000
        } else {
            // No unit said: the person's units, or the one that reads closer to the weight being corrected
            // ("I weigh 150 lb" … "actually it was 147.4" is pounds even with a metric profile).
            let pounds = UnitConversion.kilograms(fromPounds: quantity)
            let closer = abs(pounds - record.kilograms) < abs(quantity - record.kilograms) ? pounds : quantity
            kilograms = try chat.journal.profile().units == nil ? closer : units == .imperial ? pounds : quantity
        }
        guard WeightRecord.validRange.contains(kilograms) else {
            return chat.reply(input, "correct", try chat.trackingText().problems([.weight(kg: kilograms)]))
        }
        var updated = record
        updated.kilograms = kilograms
        updated.text = input
        try chat.journal.record(HistoryStep(kind: .correct, summary: "weight", changes: [RowChange(before: .weight(record), after: .weight(updated))]))
        chat.state.lastTracking = nil
        return chat.reply(input, "correct", chat.replies.weightCorrected(updated, was: record, imperial: units == .imperial))
    }
}
