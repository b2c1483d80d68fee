import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

/// Runs the pipeline up to "resolve": normalise, classify, extract items, resolve foods and portions, add nutrients.
/// Pure apart from reads of the reference database; batch parse prints its result, chat acts on it.
public final class MealAnalyzer: @unchecked Sendable {
    public let services: FoodServices
    public let classifier: IntentClassifier
    let parser: MealTextParser
    /// Reads the amount a message starts with, for the `food-line` condition.
    let quantities: QuantityParser
    /// Whether a word heads a USDA food name, by word: the same words come back message after message.
    let headWords = WordFlags()
    /// The dialogue's data tables, read once and shared by every conversation over this analyzer.
    public let tables = SharedTables()

    /// Longest message worth analysing; longer input gets an error object instead of minutes of work.
    public static let maximumLength = 4_000

    /// Creates an analyzer over loaded food services and a trained classifier.
    public init(services: FoodServices, classifier: IntentClassifier) {
        self.services = services
        self.classifier = classifier
        parser = MealTextParser(lexicon: services.language, index: services.knownFoods)
        quantities = QuantityParser(lexicon: services.language)
    }

    /// Analyses one message against `reference` (today's date and the time, for meal and date words).
    public func analyze(_ input: String, reference: ReferenceDate) -> MessageAnalysis {
        let today = reference.isoDate
        let trimmed = TextFolding.trimmed(input)
        guard !trimmed.isEmpty else {
            return MessageAnalysis(input: input, intent: .outOfScope, confidence: 1, meal: nil, date: today, items: [],
                                   error: "empty message")
        }
        guard trimmed.count <= Self.maximumLength else {
            return MessageAnalysis(input: String(trimmed.prefix(80)) + "…", intent: .outOfScope, confidence: 1, meal: nil,
                                   date: today, items: [], error: "message too long (\(trimmed.count) characters)")
        }
        let prediction = classifier.classify(trimmed, namesDomainTerm: { self.namesFood($0) })
        var text = parser.parse(trimmed, reference: reference, knownNames: userFoodNames(in: trimmed))
        text.items.removeAll { isNutrientTalk($0) }
        text.items = personalShares(forBabies(text.items))
        var analysis = MessageAnalysis(input: input, intent: prediction.intent, confidence: prediction.confidence,
                                       meal: text.meal, date: text.date ?? today, items: [],
                                       mealFromClock: text.mealFromClock, error: nil)
        // Water with anything else is a meal ("a cola and a bottle of water"): the foods must not be lost.
        if analysis.intent == .logWater, text.items.contains(where: { !isWater($0.food) }) {
            analysis.intent = .logFood
        }
        // …and a log of water alone is water, however it is worded ("log 500 ml water").
        if analysis.intent == .logFood, !text.items.isEmpty, text.items.allSatisfy({ isWater($0.food) }) {
            analysis.intent = .logWater
        }
        // The classifier knows phrasing, the slots know what the message holds: they may overrule its intent
        // (Intents/slot-rules.tsv), and foods are never thrown away because of the wording.
        var resolvedItems: [AnalyzedItem]?
        let resolving = { () -> [AnalyzedItem] in
            if let resolvedItems { return resolvedItems }
            let items = text.items.map { self.resolve($0) }
            resolvedItems = items
            return items
        }
        let decided = services.slotRules.decide(analysis.intent) { condition in
            switch condition {
            case .statement: return !trimmed.contains("?")
            case .asksNutrient: return services.slotRules.asksNutrient(FoldedWords.words(of: trimmed))
            case .countedMovement: return countsMovement(trimmed)
            case .mealOfFoods: return !text.items.isEmpty && isMealOfFoods(text, resolved: resolving(), prediction: prediction)
            case .foodLine: return !text.items.isEmpty && isFoodLine(trimmed, resolved: resolving())
            case .sharedFoods: return !text.items.isEmpty && isSharedMeal(trimmed, text: text, resolved: resolving())
            }
        }
        if analysis.intent == .logFood, decided == nil || decided == .logFood {
            analysis.items = withoutRetelling(sharingPlates(resolving().filter { !namesNoFood($0) && !describesNoFood($0) }))
            return analysis
        }
        // A food line keeps the classifier's intent for the amount check below, as it always did.
        if let decided, decided != .logFood { analysis.intent = decided }
        analysis.error = trackingAmountProblem(trimmed, intent: analysis.intent)
        guard !text.items.isEmpty else { return analysis }
        let resolved = resolving()
        if decided == .logFood {
            analysis.intent = .logFood
            analysis.confidence = prediction.ranking.first { $0.intent == .logFood }?.probability ?? analysis.confidence
            analysis.items = withoutRetelling(sharingPlates(resolved.filter { !namesNoFood($0) && !describesNoFood($0) }))
        } else if decided == nil, !Self.intentsClaimingTheirWords.contains(analysis.intent) {
            // A question or request that names foods reports them, known foods only and with nothing to ask.
            analysis.items = resolved.compactMap { item in
                guard let match = item.match, match.score >= Self.mentionedFoodScore else { return nil }
                var named = item
                named.question = nil
                return named
            }
        }
        return analysis
    }

    /// Intents whose numbers and words are another kind of slot (an activity, a body measure, a goal), not foods:
    /// "30 minutes of squash" names no food to report. Water is a drink, reported like any other.
    static let intentsClaimingTheirWords: Set<Intent> = [.logExercise, .logWeight, .setGoal, .setProfile]

    /// How sure a match must be for a food named in a question or request to be reported as an item.
    static let mentionedFoodScore = 0.75

    /// Drops a later mention of a food already in the message unless it says it is another portion: narrative
    /// retells ("a juicy mango … the fresh mango hit the spot"), while "an egg and another egg" are two eggs.
    func withoutRetelling(_ items: [AnalyzedItem]) -> [AnalyzedItem] {
        var seen: Set<String> = []
        var named: [Set<String>] = []
        return items.filter { item in
            guard let id = item.match?.food.id else { return true }
            let food = Set(services.resolver.words(of: item.mention.food).filter(\.isAllLetters))
            // The same food, or a shorter name of one told before ("the pie" after "a lemon meringue pie").
            let told = !seen.insert(id).inserted || (!food.isEmpty && named.contains { food.isSubset(of: $0) && food != $0 })
            named.append(food)
            guard told else { return true }
            // A mention weighed or measured on its own is another portion ("138 g of meat pizza and 124 g of
            // pepperoni pizza", "8 g of sweet chocolate and 16 g of milk chocolate"), and so is one whose package is
            // sized ("a piece of tamarind candy and a .6 oz pop of hard candy"): nobody weighs a retelling.
            if isMeasured(item.mention) || item.mention.amount.package != nil { return true }
            let words = FoldedWords.words(of: item.mention.text)
            return words.contains { services.language.repetitionWords.contains($0) }
        }
    }

    /// Whether `mention` states its amount in a measure of its own ("28 g", "a cup of"), not only a count or nothing.
    func isMeasured(_ mention: FoodMention) -> Bool {
        !mention.amount.isImplicit && mention.amount.unit.flatMap { services.language.unitDefinition(for: $0) }?.isMeasure == true
    }

    /// Whether `text` reads as a meal the model did not recognise (or took for a question without asking one): it
    /// names a meal ("for dinner", "as a snack") and the model gives logging some weight, or it measures its foods;
    /// and most items with an amount are confident matches, or a measured one is.
    /// A message that weighs or measures its foods ("28 g of Cheetos and 372 g of soda") is a food log too, with or
    /// without a meal word: nobody weighs a food they did not eat or drink.
    func isMealOfFoods(_ text: MealText, resolved items: [AnalyzedItem], prediction: IntentPrediction) -> Bool {
        let measured = text.items.contains(where: isMeasured)
        let logProbability = prediction.ranking.first(where: { $0.intent == .logFood })?.probability ?? 0
        guard measured || !text.mealFromClock else { return false }
        let counted = items.filter { !$0.mention.amount.isEmpty }
        let confident = counted.filter { ($0.match?.score ?? 0) >= 0.85 && $0.portion != nil }
        // A meal named with foods and no amount at all is no evidence: "a recipe for chicken curry for dinner",
        // "a joke about a banana for my snack".
        guard !counted.isEmpty else { return false }
        // A weighed food that is surely known is evidence enough; so is a named meal whose counted foods are all
        // known; otherwise most counted items must be known and the model must give logging some weight.
        let weighedAndKnown = measured && counted.contains { ($0.match?.score ?? 0) >= 0.75 && $0.portion?.assumed == false }
        let mealOfKnownFoods = !text.mealFromClock && counted.allSatisfy { ($0.match?.score ?? 0) >= 0.75 && $0.portion != nil }
        let likely = !text.mealFromClock && logProbability >= 0.02 && confident.count * 2 >= counted.count
        return weighedAndKnown || mealOfKnownFoods || likely
    }

    /// Whether `text` is a line of foods: it starts with an amount, that of its first food mention ("3 zucchini,
    /// cut into rounds", "a tablespoon of mayonnaise", "1 tsp Sichuan peppercorns", or after the part it names:
    /// "zest of 1 lemon") and either names a food the
    /// database has or measures it in a unit of food (a spoon, a cup, an ounce, a can: "2 tickets" is no food);
    /// its amount does not count exercise ("30 minutes of squash"); and no word outside the mentions asks,
    /// refers back, commands, sets a goal, gives a body measure or names an activity (`Lexicon/message-cues.tsv`, the
    /// activity words of `Intents/domain-terms.tsv`).
    func isFoodLine(_ text: String, resolved items: [AnalyzedItem]) -> Bool {
        // An amount alone ("80 kg") names nothing to log; "1 lb 1 oz, rainbow chard" names its food later.
        guard let first = items.first, first.mention.amount.quantity != nil, !text.contains("?"),
              items.contains(where: { !$0.mention.food.isEmpty }),
              first.mention.part != nil || quantities.leadingAmount(in: text) != nil else { return false }
        let cues = services.slotRules.cues
        var rest = FoldedWords.words(of: text)
        // A mention's text may be tidied ("toasted in a hot oven" → "toasted with hot oven"), so its start is compared.
        let leading = FoldedWords.words(of: first.mention.text).prefix(2)
        // "30 minutes of squash", "5 km run": the amount counts exercise, whatever the words after it name.
        let counted = FoldedWords.words(of: first.mention.food).prefix(2)
        guard !leading.isEmpty, rest.starts(with: leading), !counted.contains(where: { cues[$0] == .activity }) else { return false }
        let foodUnit = first.mention.amount.unit.flatMap { services.language.unitDefinition(for: $0) }.map { $0.kind != .size } ?? false
        guard first.match != nil || foodUnit || first.mention.amount.package != nil || countsUnknownFood(first.mention, line: text)
        else { return false }
        // What is left once the mentions' own words are taken out.
        for item in items {
            for word in FoldedWords.words(of: item.mention.text) {
                if let index = rest.firstIndex(of: word) { rest.remove(at: index) }
            }
        }
        // A goal or a correction shows anywhere ("150 g of protein a day", "2 cups milk instead"); a question
        // or a body measure only outside the foods ("old fashioned oats"); durations after the food describe it
        // ("toasted for 5 minutes").
        let cue = { (word: String) in cues[word] ?? cues[self.services.language.singular(word)] }
        let words = FoldedWords.words(of: text)
        if words.contains(where: { cue($0) == .goal }) { return false }
        if services.slotRules.corrections.contains(where: { phrase in
            words.indices.contains { words[$0...].starts(with: phrase) }
        }) { return false }
        if rest.contains(where: { cue($0).map { $0 == .question || $0 == .body } ?? false }) { return false }
        return !classifier.domainTerms.exactKinds(of: rest).contains(.activity)
    }

    /// Whether the message counts a movement of `exercise-reps.tsv` right after a number ("10 chin ups", "did 50
    /// crunches", "3 sets of 12 squats") and no word asks a question: exercise, whatever food shares a word with it.
    func countsMovement(_ message: String) -> Bool {
        let words = FoldedWords.words(of: message)
        guard words.contains(where: services.slotRules.movementEnds.contains),
              let table = try? services.exerciseTable(), table.namesMovement(words) else { return false }
        let cues = services.slotRules.cues
        guard !words.contains(where: { cues[$0] == .question }) else { return false }
        let phrase = MeasureText(message, lexicon: services.language)
        return table.repetitions(in: phrase.words, numbers: phrase.bareNumbers) != nil
    }

    /// Whether the message tells foods were shared ("I split a burrito with my wife", "we shared a large pizza", or
    /// a group's order, "we ordered 4 burgers"): the sharing told as done (or the people named after a bare verb),
    /// every shared item a food the database surely knows, and no question word anywhere ("how do I split a watermelon"). "share this recipe with my wife",
    /// "split the cost of a pizza with friends" and "split a pizza into 8 slices" are not.
    func isSharedMeal(_ message: String, text: MealText, resolved items: [AnalyzedItem]) -> Bool {
        // A group's order ("we ordered 4 burgers") is told as done, as "we shared" is: chat asks the person's part.
        let ordered = items.contains { $0.mention.groupOrder == true }
        let shared = items.filter { $0.mention.share != nil || $0.mention.groupOrder == true }
        // A bare verb with the people named ("split a burrito with my wife") needs a food named as the database does.
        let sure = text.sharingTold || ordered ? 0.85 : 0.95
        guard text.sharingTold || text.sharingNamed || ordered, !shared.isEmpty,
              shared.allSatisfy({ ($0.match?.score ?? 0) >= sure && $0.portion != nil }) else { return false }
        let cues = services.slotRules.cues
        return !FoldedWords.words(of: message).contains { cues[$0] == .question }
    }

    /// "vitamin C", "added calcium", "no added fat": words about nutrients, not a food to log.
    func isNutrientTalk(_ mention: FoodMention) -> Bool {
        guard mention.amount.isEmpty, let vocabulary = try? services.questionVocabulary() else { return false }
        let glue = vocabulary.nutrientGlue
        // Sugar and salt are nutrient words in questions but foods when added to something.
        if !vocabulary.nutrientFoods.isDisjoint(with: FoldedWords.words(of: mention.food)) { return false }
        var words = FoldedWords.words(of: mention.food).filter { !glue.contains($0) }
        guard !words.isEmpty else { return !FoldedWords.words(of: mention.food).isEmpty }
        var i = 0
        while i < words.count {
            if i + 1 < words.count, vocabulary.nutrients[words[i] + " " + words[i + 1]] != nil { words.removeSubrange(i...(i + 1)) }
            else if vocabulary.nutrients[words[i]] != nil { words.remove(at: i) }
            else { i += 1 }
        }
        return words.isEmpty
    }

    /// "water", "bottled water", "a glass of cold tap water": plain water (`Lexicon/water-words.tsv`), for the water log.
    func isWater(_ food: String) -> Bool {
        let words = FoldedWords.words(of: food)
        return words.contains("water") && words.allSatisfy { services.waterWords.contains($0) }
    }

    /// The names of the person's own foods and recipes whose every word `text` holds: never split, even where a
    /// name holds a unit or meal word ("2 meal packs").
    func userFoodNames(in text: String) -> Set<String> {
        guard let foods = services.catalog.userFoods?.userFoods(), !foods.isEmpty else { return [] }
        let said = Set(services.resolver.words(of: text))
        return Set(foods.filter { !$0.words.isEmpty && Set($0.words).isSubset(of: said) }.map { $0.food.name })
    }

    /// Whether `text` mentions something NutriChat can log: one of the person's own foods or recipes, an everyday
    /// food name from the alias table, a word of the
    /// classifier's domain list (water, run, protein…), or a word that heads a USDA food name ("quinoa" → "Quinoa, cooked").
    public func namesFood(_ text: String) -> Bool {
        if services.resolver.namesUserFood(text) { return true }
        let words = services.resolver.words(of: text)
        let aliases = services.resolver.aliases
        // Only phrases that start with the first word of some alias can be one.
        for start in words.indices where aliases.firstWords.contains(words[start]) {
            var key = words[start]
            for end in start..<min(words.count, start + max(1, aliases.longestAlias)) {
                if end > start { key += " " + words[end] }
                if aliases.alias(forKey: key) != nil { return true }
            }
        }
        if !classifier.domainTerms.kinds(in: FoldedWords.words(of: text)).isEmpty { return true }
        return words.contains { word in
            guard word.utf8.count >= 4, word.count >= 4, word.isAllLetters else { return false }
            if let known = headWords.value(for: word) { return known }
            let hits = (try? services.database.fullTextSearch(words: [word], limit: 8)) ?? []
            let heads = hits.contains { hit in
                let head = hit.food.name.splitting(",").first.map { FoldedWords.words(of: String($0)) } ?? []
                return head.map { services.language.singular($0) }.contains(word)
            }
            headWords.set(heads, for: word)
            return heads
        }
    }

    /// Food, portion and nutrients for one mention. An amount beyond what a person eats in one go
    /// (`Lexicon/plausible-amounts.tsv`, "1e308 g", twenty-digit counts) leaves the item without grams and
    /// nutrients, with the problem said: every caller (analysis, corrections, answers) gets the same check.
    public func resolve(_ mention: FoodMention) -> AnalyzedItem {
        var item = resolveUnbounded(mention)
        // "1 large egg": the size word belongs to the food's name ("large egg" is a food) and to its size.
        if mention.amount.size == nil {
            let words = mention.food.split(separator: " ").prefix(2).map(String.init)
            let sizes = [words.joined(separator: " "), words.first ?? ""].compactMap { services.language.unit(named: $0) }
            item.size = sizes.first { $0.kind == .size }?.canonical
        }
        // "we ordered 2 large pizzas": a dish too is asked the person's part of a group's order.
        if let match = item.match, let asked = groupOrderQuestion(mention, candidate: match) { item.question = asked }
        return checkingAmount(item)
    }

    private func resolveUnbounded(_ mention: FoodMention) -> AnalyzedItem {
        if let dish = resolveDish(mention) { return dish }
        if mention.fillings.isEmpty, let usual = services.composition.usualFillings[mention.food],
           services.resolver.aliases.alias(forKey: mention.food) == nil {
            // "a calzone", "a gyro": a dish named alone is made with its usual filling (dish-bases.tsv `usual`), not
            // whatever full-text search finds with the word, or nothing.
            var named = mention
            named.food = usual + " " + mention.food
            return resolveUnbounded(named)
        }
        var item = AnalyzedItem(mention: mention, candidates: [], portion: nil, nutrients: NutrientValues(), question: nil)
        let candidates = services.resolver.onlyPreparation(mention.food) ? []
            : (try? services.resolver.candidates(for: mention.food, limit: 3)) ?? []
        if let built = dishNamedByFilling(mention, best: candidates.first) { return built }
        guard let best = candidates.first, best.score >= 0.6 else {
            item.question = "I don't know \"\(mention.food)\". Add it as a custom food?"
            return item
        }
        item.candidates = candidates
        guard let portion = try? portion(of: mention, food: best.food, alias: best.alias),
              let per100 = try? services.catalog.nutrients(of: best.food) else { return item }
        item.portion = portion
        item.nutrients = NutrientValues(per100g: per100, grams: portion.grams)
        item.question = quantityQuestion(mention, candidate: best)
        return item
    }
}

extension MealAnalyzer {
    /// The portion a mention says: the whole of a food served in pieces when the text says "whole", a fraction of
    /// one with no unit ("half a pizza" is half the pie, not half a slice), a size of the whole with no piece named
    /// ("a large pizza"), or that it was shared; then the share
    /// the person had ("split a large pizza with 2 friends" is a third of the pie).
    func portion(of mention: FoodMention, food: Food, alias: FoodAlias?) throws -> ResolvedPortion {
        let amount = mention.amount
        let words = services.portions.words
        let said = FoldedWords.words(of: mention.text).map { services.language.singular($0) }
        let fraction = amount.unit == nil && amount.package == nil && (amount.quantity ?? 1) < 1
        // "a whole pizza" keeps "whole" as a describing word, "a whole medium pizza" in its amount; in "a whole wheat
        // bagel" it names the food.
        let wholeSaid = said.contains(where: words.wholeWords.contains)
            && (mention.descriptors.contains(where: words.wholeWords.contains)
                || !FoldedWords.words(of: mention.food).contains(where: words.wholeWords.contains))
        // "half a slice of pizza" is half the slice: a piece named is never the whole.
        let piece = said.contains(where: words.partsOfWhole.contains)
        let whole = !piece && (mention.share != nil || fraction || wholeSaid)
        // "a medium crust cheese pizza": a size before a part of the dish tells the part, not the whole.
        let sizesPart = amount.size.flatMap { size in
            FoldedWords.words(of: size).last.flatMap { last in said.firstIndex(of: last) }
        }.map { said.indices.contains($0 + 1) && services.language.dishParts.contains(said[$0 + 1]) } ?? false
        var portion = try services.portions.resolve(amount, of: food, alias: alias, whole: whole, sizedWhole: !piece && !sizesPart)
        if let share = mention.share {
            portion.grams *= share
            portion.method = "\(ReplyText.share(share)) of it shared, " + portion.method
        }
        return portion
    }
}

/// Yes-or-no answers by word, shared by the threads of a batch.
final class WordFlags: @unchecked Sendable {
    private let lock = NSLock()
    private var flags: [String: Bool] = [:]

    func value(for word: String) -> Bool? {
        lock.lock()
        defer { lock.unlock() }
        return flags[word]
    }

    func set(_ value: Bool, for word: String) {
        lock.lock()
        flags[word] = value
        lock.unlock()
    }
}

extension ReferenceDate {
    /// "2026-11-21".
    public var isoDate: String {
        // Batch parse asks once per message; String(format:) goes through Foundation's formatter each time.
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return String(format: "%04d-%02d-%02d", year, month, day)
        }
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2)
    }
}
