import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

extension Conversation {
    // MARK: - log_food

    /// Logs the message's foods; `extra` entries (dishes from a menu) are saved in the same step.
    func logFood(_ analysis: MessageAnalysis, input: String, slot: String? = nil, extra: [JournalEntry] = []) throws -> Reply {
        var analysis = analysis
        let told = slot == nil ? try dishTold(input: input) : nil
        if let parts = told?.parts { analysis = analyzer.analyze(parts, reference: reference) }
        let whole = told?.dish
        let continued = slot == nil && whole == nil ? try continuedMeal(analysis, input: input) : nil
        if let day = whole?.date ?? continued?.date { analysis.date = day }
        let meal = slot ?? whole?.meal ?? continued?.meal ?? mealName(analysis.meal)
        var ready: [AnalyzedItem] = []
        var unknown: [String] = []
        var questions: [PendingItem] = []
        let several = analysis.items.count > 1
        for item in analysis.items {
            if item.match == nil { unknown.append(item.mention.food); continue }
            let pendingItem = PendingItem(item: item, date: analysis.date, meal: meal)
            // An amount beyond one go is asked about ("Did you mean …?"); the rest of the message is logged.
            if let doubtful = doubtfulQuestion(pendingItem) { questions.append(doubtful); continue }
            // "toast w butter", "eggs n bacon": foods listed together take their everyday portions (a slice, a
            // tablespoon) instead of a question each; one food alone without an amount is asked about.
            let everyday = several && item.match?.alias != nil && item.portion?.assumed == true
            if needsChoice(item) || (needsQuantity(item) && !everyday) { questions.append(pendingItem) } else { ready.append(item) }
        }
        // "it was made with 2 scoops of whey and almond milk": the dish just logged becomes its parts, in one step.
        let replaced = whole.flatMap { unknown.isEmpty && !ready.isEmpty ? $0 : nil }
        let logged = try logEntries(extra + ready.map { makeEntry($0, date: analysis.date, meal: meal) }, replacing: replaced)
        state.queue = Array(questions.dropFirst())
        state.pending = questions.first.map(question(for:))
        var parts: [String] = []
        if let replaced, !logged.isEmpty {
            parts.append(replies.madeOf(replaced, parts: logged, total: try dayKcal(analysis.date), today: today))
        } else if !logged.isEmpty {
            parts.append(replies.logged(logged, day: analysis.date, today: today, total: try dayKcal(analysis.date)))
        }
        parts.append(contentsOf: preferenceNotes(for: logged))
        if !unknown.isEmpty { parts.append(replies.unknownFoods(unknown)) }
        if let pending = state.pending { parts.append(replies.ask(pending)) }
        if parts.isEmpty { parts.append(replies.noFoodFound) }
        return reply(input, "log_food", parts.joined(separator: " ") + (logged.isEmpty ? "" : nudgeLine()), logged: logged)
    }

    /// "and a black coffee", "I also had a cookie" soon after a logged message join that message's meal and day
    /// when they name neither: the person is still telling the same meal, whatever the clock says.
    func continuedMeal(_ analysis: MessageAnalysis, input: String) throws -> (meal: String, date: String)? {
        guard analysis.meal == nil || analysis.mealFromClock, analysis.date == today, let id = state.lastBatch.last,
              MessageCues(input, words: try dialogueWords()).continuation,
              let last = try journal.entry(id: id),
              abs(clock().now.timeIntervalSince(last.createdAt)) < Self.continuationWindow else { return nil }
        return (last.meal, last.date)
    }

    /// "it was made with 2 scoops of whey and a cup of almond milk", "the shake was made with …" soon after a log:
    /// the entry the message tells the parts of (the last message's only entry, or the one it names), whose meal and
    /// day the parts take and which they replace.
    /// `parts` is the message's text after its made-of phrase.
    func dishTold(input: String) throws -> (dish: JournalEntry, parts: String?)? {
        let cues = MessageCues(input, words: try dialogueWords())
        guard let named = cues.madeOf, !state.lastBatch.isEmpty else { return nil }
        let batch = try state.lastBatch.compactMap { try journal.entry(id: $0) }
        let told: JournalEntry?
        if named.isEmpty {
            told = batch.count == 1 ? batch[0] : nil
        } else {
            let hits = batch.filter { names($0, named) }
            told = hits.count == 1 ? hits[0] : nil
        }
        guard let told, abs(clock().now.timeIntervalSince(told.createdAt)) < Self.continuationWindow else { return nil }
        return (told, cues.madeOfText)
    }

    /// Whether `words` ("the smoothie", "pizza") name `entry`: a word of them, singular, is a word of the entry's
    /// text or food name.
    func names(_ entry: JournalEntry, _ words: [String]) -> Bool {
        let language = analyzer.services.language
        let said = Set(words.map(language.singular))
        return !said.isDisjoint(with: FoldedWords.words(of: entry.text + " " + entry.foodName).map(language.singular))
    }

    /// How long after a log "and a coffee" still goes on from it.
    static let continuationWindow: TimeInterval = 2 * 3600

    /// Close candidates with different nutrition: ask rather than guess (an everyday alias is never ambiguous).
    func needsChoice(_ item: AnalyzedItem) -> Bool {
        guard item.candidates.count > 1, let best = item.match, best.alias == nil, best.score < 0.95 else { return false }
        let close = item.candidates.dropFirst().filter { best.score - $0.score <= 0.03 }
        return close.contains { other in
            let a = best.food.kcalPer100g ?? 0, b = other.food.kcalPer100g ?? 0
            return abs(a - b) > 0.2 * max(a, b, 1)
        }
    }

    /// "rice" or "some rice": no amount that a default could honestly stand for.
    /// Whether to ask "how much?": the text gives no amount and the food has no natural single serving ("toast" is a
    /// slice, "coffee" a cup; "rice" and "chicken" are asked about), as batch parse's questions say.
    func needsQuantity(_ item: AnalyzedItem) -> Bool {
        guard let match = item.match else {
            let amount = item.mention.amount
            return amount.quantity == nil && amount.unit == nil && amount.size == nil && amount.package == nil
        }
        return analyzer.quantityQuestion(item.mention, candidate: match) != nil
    }

    func question(for item: PendingItem) -> PendingQuestion {
        item.item.amountProblem == nil && needsChoice(item.item) ? .choice(item) : .quantity(item)
    }

    func advanceQueue() {
        if state.queue.isEmpty { state.pending = nil; return }
        state.pending = question(for: state.queue.removeFirst())
    }

    /// "2", "the second", "#3", or words of a candidate's name.
    func choiceIndex(_ text: String, among candidates: [FoodCandidate]) -> Int? {
        let words = FoldedWords.words(of: text)
        guard let vocabulary = try? dialogueWords() else { return nil }
        if words.count <= 3 {
            for word in words {
                if let n = Int(word), (1...candidates.count).contains(n) { return n - 1 }
                if let n = vocabulary.choice(word), n < candidates.count { return n }
            }
        }
        let meaningful = words.filter { $0.count > 2 && !vocabulary.isWord($0, .choiceFiller) }
        guard !meaningful.isEmpty else { return nil }
        let scored = candidates.enumerated().map { index, candidate -> (Int, Int) in
            let name = Set(FoldedWords.words(of: candidate.food.name))
            return (index, meaningful.filter { name.contains($0) }.count)
        }
        guard let best = scored.max(by: { $0.1 < $1.1 }), best.1 > 0,
              scored.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }

    // MARK: - log_water

    func logWater(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        let language = analyzer.services.language
        // Amounts keep their sign and size through the one number grammar: "-2 glasses" or "1e308 ml" is refused in
        // the person's own words, never logged as something else.
        let measures = MeasureText(analysis.input, lexicon: language).measures
        if let absurd = measures.first(where: { measure in measure.drinkMilliliters.map { !($0 > 0 && $0 <= JournalRules.maximumWaterMilliliters) } ?? false }) {
            return reply(input, "log_water", TrackingText(units: prefersImperial ? .imperial : .metric).waterRefused(absurd))
        }
        var milliliters = 0.0
        for amount in quantities.amounts(in: analysis.input) {
            milliliters += (amount.quantity ?? 1) * waterMilliliters(of: amount, language: language)
        }
        if milliliters == 0 { milliliters = 240 }
        let step = try journal.record(HistoryStep(
            kind: .log, summary: ReplyText.amount(milliliters, "ml") + " of water",
            changes: [.added(.water(WaterRecord(date: analysis.date, milliliters: milliliters, text: analysis.input,
                                                createdAt: clock().now)))]))
        state.lastWater = step.changes.compactMap { $0.after?.id }
        state.lastBatch = []
        state.lastTracking = nil
        state.pending = nil
        let total = try journal.water(on: analysis.date)
        return reply(input, "log_water", replies.water(added: milliliters, total: total, imperial: prefersImperial) + waterProgressNote(date: analysis.date, total: total) + nudgeLine())
    }

    /// Milliliters in one unit of water: volume units as they are, mass at water's density, "oz" as fluid ounces,
    /// containers at their typical size (a glass is 240 ml, a bottle 500 ml).
    func waterMilliliters(of amount: Amount, language: LanguageLexicon) -> Double {
        if let package = amount.package {
            return package.quantity * waterMilliliters(of: Amount(quantity: 1, unit: package.unit), language: language)
        }
        guard let unit = amount.unit else { return 240 }
        // Water is a drink: "16 oz" of it is fluid ounces (`drink` in units.tsv).
        let stated = language.unitDefinition(for: unit)
        let definition = stated?.drinkUnit.flatMap { language.unitDefinition(for: $0) } ?? stated
        return definition?.milliliters ?? definition?.grams ?? 240
    }

    /// Whether the person's profile asks for imperial units in replies.
    var prefersImperial: Bool {
        ((try? journal.profile())?.units ?? .metric) == .imperial
    }

    // MARK: - Entries

    /// Saves new entries as one step of the undo history; they become the last message's entries. With `replacing`,
    /// that entry is deleted in the same step (undo brings it back and takes the new ones away).
    func logEntries(_ entries: [JournalEntry], replacing old: JournalEntry? = nil) throws -> [JournalEntry] {
        guard !entries.isEmpty else { return [] }
        let removed = old.map { [RowChange.deleted(.entry($0))] } ?? []
        let step = try journal.record(HistoryStep(kind: old == nil ? .log : .correct, summary: entries.map(\.text).joined(separator: ", "),
                                                  changes: removed + entries.map { .added(.entry($0)) }))
        let logged = step.entriesAfter
        state.lastBatch = logged.compactMap(\.id)
        state.lastWater = []
        state.lastTracking = nil
        return logged
    }

    func makeEntry(_ item: AnalyzedItem, date: String, meal: String) -> JournalEntry {
        var nutrients: [String: Double] = [:]
        for (info, amount) in item.nutrients.entries { nutrients[info.key] = (amount * 1000).rounded() / 1000 }
        let amount = item.mention.amount
        var quantity = amount.quantity ?? (item.portion == nil ? nil : 1)
        var text = item.mention.text
        // "split a large pizza with 2 friends": the entry is the share eaten, and says so ("a third of a large pizza").
        if let share = item.mention.share {
            quantity = quantity.map { ($0 * share * 1000).rounded() / 1000 }
            text = ReplyText.share(share) + " of " + text
        }
        return JournalEntry(
            date: date, meal: meal, text: text, foodId: item.match?.food.id ?? "",
            foodName: item.match?.food.name ?? item.mention.food, quantity: quantity,
            unit: amount.unit ?? amount.size, grams: item.portion?.grams ?? 0, nutrients: nutrients, createdAt: clock().now)
    }

    /// The journal's slot for a meal word, or the clock's when the text named none.
    /// Snacks with no time of day go to the morning or afternoon snack by the clock; a renamed slot is followed to
    /// its current name ("lunch" → "midday" after a rename).
    func mealName(_ meal: MealSlot?) -> String {
        let reference = self.reference
        let slot = meal ?? MealSlot.fromClock(hour: reference.hour, minute: reference.minute)
        var name = slot.rawValue
        if slot == .snack { name = reference.hour < 12 ? MealSlot.morningSnack.rawValue : MealSlot.afternoonSnack.rawValue }
        return (try? journal.currentMealSlotName(for: name)).flatMap { $0 } ?? name
    }

    func dayKcal(_ date: String) throws -> Double {
        try journal.energy(on: date)  // summed by SQLite: the same cost with 10 or 1,000 entries that day
    }
}

extension MealAnalyzer {
    /// Re-resolves a mention, keeping the given candidates' order when they are still the ones to use.
    func resolve(_ mention: FoodMention, keeping candidates: [FoodCandidate]) -> AnalyzedItem {
        guard let chosen = candidates.first else { return resolve(mention) }
        var item = AnalyzedItem(mention: mention, candidates: [chosen], portion: nil, nutrients: NutrientValues(), question: nil)
        guard let portion = try? portion(of: mention, food: chosen.food, alias: chosen.alias),
              let per100 = try? services.catalog.nutrients(of: chosen.food) else { return item }
        item.portion = portion
        item.nutrients = NutrientValues(per100g: per100, grams: portion.grams)
        return checkingAmount(item)
    }
}
