import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

extension Conversation {
    // MARK: - ask_nutrition

    /// "how much protein is in beef?", "calories in 2 slices of bread", "which has more iron, spinach or lentils?"
    func answerNutrition(_ analysis: MessageAnalysis) throws -> String {
        var (nutrients, words) = try nutrientQuestion(analysis.input)
        let keys = nutrients.isEmpty ? ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g"] : uniqued(nutrients)
        let infos = keys.compactMap { key in analyzer.services.database.nutrients.first { $0.key == key } }
        let dialogue = try dialogueWords()
        // "how many calories was that": no food named, the question points at what the last message logged.
        if let pointed = try entriesPointedAt(words, dialogue: dialogue) {
            return pointed.isEmpty ? replies.whichFood : replies.loggedFacts(pointed, nutrients: infos)
        }
        // "calories in that pizza": the entry of the last message that the food names, else the food itself.
        if words.count > 1, let lead = dialogue.phrase(.backReference, in: words), lead.count == 1 {
            words.removeFirst()
            let named = Set(words)
            let entries = try state.lastBatch.compactMap { try journal.entry(id: $0) }.filter { entry in
                !named.isDisjoint(with: FoldedWords.words(of: entry.text))
            }
            if !entries.isEmpty { return replies.loggedFacts(entries, nutrients: infos) }
        }
        let parts = words.split(whereSeparator: { dialogue.isWord($0, .compare) }).map { $0.joined(separator: " ") }
        guard !parts.isEmpty else { return replies.whichFood }
        var facts: [ReplyText.FoodFacts] = []
        for part in parts {
            // The analyzer's own parser: building another one indexes every food name again (milliseconds a part).
            let mentions = analyzer.parser.parse(part, reference: reference).items
            guard let mention = mentions.first else { continue }
            let item = analyzer.resolve(mention)
            guard let match = item.match else { return replies.unknownFoods([mention.food]) }
            let per100 = NutrientValues(per100g: try analyzer.services.catalog.nutrients(of: match.food), grams: 100)
            let statedAmount = mention.amount.quantity != nil || mention.amount.unit != nil
            facts.append(ReplyText.FoodFacts(label: mention.food, food: match.food, per100g: per100,
                                             portionText: statedAmount ? mention.text : item.portion.map { _ in "a typical portion" },
                                             portionGrams: item.portion?.grams, stated: statedAmount))
        }
        guard !facts.isEmpty else { return replies.whichFood }
        if facts.count >= 2 {
            let less = dialogue.contains(.less, in: FoldedWords.words(of: analysis.input))
            return replies.comparison(facts, nutrient: infos.first, wantsLess: less)
        }
        return replies.nutritionFacts(facts[0], nutrients: infos)
    }

    /// "foods high in iron", "good sources of protein", "what has the most fiber": a nutrition question naming a
    /// nutrient and, besides question words, only words asking which foods are rich in it (`nutrient-talk.tsv`,
    /// role rich). It is answered by the suggestions rich in that nutrient, "another" and all.
    func asksForRichFoods(_ analysis: MessageAnalysis) throws -> Bool {
        let (nutrients, said) = try nutrientWords(analysis.input)
        let vocabulary = try analyzer.services.questionVocabulary()
        let words = trimmingFiller(said, vocabulary)
        guard !nutrients.isEmpty else { return false }
        if !words.isEmpty { return words.allSatisfy(vocabulary.richWords.contains) }
        // "what has the most fiber": every word is question filler, and one asks for the most.
        return said.contains(where: vocabulary.mostWords.contains) && said.allSatisfy(vocabulary.richWords.contains)
    }

    /// The nutrient keys a question names ("protein", "vitamin c") and its other words, question filler
    /// ("how much", "is in") taken off both ends: "how much protein is in beef" → (["protein_g"], ["beef"]).
    private func nutrientQuestion(_ input: String) throws -> (nutrients: [String], words: [String]) {
        let (nutrients, words) = try nutrientWords(input)
        return (nutrients, trimmingFiller(words, try analyzer.services.questionVocabulary()))
    }

    /// Question filler ("how much", "is in") taken off both ends of `words`.
    private func trimmingFiller(_ words: [String], _ vocabulary: QuestionVocabulary) -> [String] {
        var words = words
        while let first = words.first, vocabulary.filler.contains(first) { words.removeFirst() }
        while let last = words.last, vocabulary.filler.contains(last) { words.removeLast() }
        return words
    }

    /// The nutrient keys `input` names and its other words, in order.
    private func nutrientWords(_ input: String) throws -> (nutrients: [String], words: [String]) {
        let vocabulary = try analyzer.services.questionVocabulary()
        var words = FoldedWords.words(of: input)
        var nutrients: [String] = []
        var i = 0
        while i < words.count {
            if i + 1 < words.count, let key = vocabulary.nutrients[words[i] + " " + words[i + 1]] {
                nutrients.append(key); words.removeSubrange(i...(i + 1))
            } else if let key = vocabulary.nutrients[words[i]] {
                nutrients.append(key); words.remove(at: i)
            } else { i += 1 }
        }
        return (nutrients, words)
    }

    /// The last message's entries when the words left of a nutrition question are only a back-reference and its
    /// glue (`dialogue-words.tsv`: "was that", "in those", "in all of it", "did i just eat"); nil when any other
    /// word is left (a food to look up). Empty when the question points back but nothing was just logged.
    private func entriesPointedAt(_ words: [String], dialogue: DialogueWords) throws -> [JournalEntry]? {
        var index = 0
        var pointed = false
        while index < words.count {
            if let phrase = dialogue.phrase(.backReference, in: words, at: index) {
                pointed = true
                index += phrase.count
            } else if let phrase = dialogue.phrase(.backGlue, in: words, at: index) {
                index += phrase.count
            } else {
                return nil
            }
        }
        guard pointed else { return nil }
        return try state.lastBatch.compactMap { try journal.entry(id: $0) }
    }

    private func uniqued(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }

    // MARK: - ask_progress

    /// Totals for today, yesterday or a date; calories left; what was eaten by meal; a week summary.
    func answerProgress(_ analysis: MessageAnalysis) throws -> String {
        let words = FoldedWords.words(of: analysis.input)
        let dialogue = try dialogueWords()
        // "how many calories did I just eat" reads as a progress question but asks about the last message.
        let question = try nutrientQuestion(analysis.input)
        if let pointed = try entriesPointedAt(question.words, dialogue: dialogue), !pointed.isEmpty {
            let keys = question.nutrients.isEmpty ? ["energy_kcal"] : uniqued(question.nutrients)
            return replies.loggedFacts(pointed, nutrients: keys.compactMap { key in
                analyzer.services.database.nutrients.first { $0.key == key }
            })
        }
        if dialogue.contains(.weekQuestion, in: words) {
            if let key = try ProgressAnswers(chat: self).nutrient(in: words), key != "energy_kcal" {
                return try ProgressAnswers(chat: self).week(key)
            }
            let start = reference.isoDate(addingDays: -6)
            let entries = try journal.entries(from: start, to: today)
            let days = (0..<7).map { reference.isoDate(addingDays: $0 - 6) }
            let perDay = days.map { day in (day, entries.filter { $0.date == day }.reduce(0) { $0 + $1.kcal }) }
            return replies.week(perDay, goal: try calorieGoal(on: today))
        }
        let date = analysis.date
        let water = try journal.water(on: date)
        if dialogue.contains(.eatenQuestion, in: words), !dialogue.contains(.amountLeft, in: words) {
            return replies.eaten(try journal.entries(on: date), date: date, today: today)
        }
        // "how much water have I had", "how much water do I have left": the water against its target, not the day.
        let waterAsked = dialogue.contains(.waterWord, in: words)
        let waterAnswer = { self.replies.waterDay(water, date: date, today: self.today, imperial: self.prefersImperial)
            + (date == self.today ? self.waterProgressNote(date: date, total: water) : "") }
        // "how much protein have I had", "how much fiber today": the one nutrient named, not the whole day; "how much
        // protein and water today" answers both.
        if let named = try ProgressAnswers(chat: self).namedNutrient(in: words, date: date) {
            return waterAsked ? named + " " + waterAnswer() : named
        }
        if waterAsked { return waterAnswer() }
        // Summed by SQLite: the same cost with 10 or 1,000 entries that day (issue 13).
        let day = try journal.dayTotals(on: date)
        let totals = NutrientValues(snapshot: day.totals, catalog: analyzer.services.database.nutrients)
        return replies.progress(date: date, today: today, totals: totals, entries: day.count, water: water,
                                goal: try calorieGoal(on: date))
            + (try progressNotes(date: date, eaten: totals["energy_kcal"] ?? 0, water: water))
    }
}

/// Nutrient words and question filler from `Lexicon/`, for nutrition questions.
public struct QuestionVocabulary: Sendable {
    public var nutrients: [String: String]
    public var filler: Set<String>
    /// Words of a question asking which foods are rich in a nutrient ("foods high in", "good sources of"):
    /// `nutrient-talk.tsv`, role rich.
    public var richWords: Set<String> = []
    /// Words that ask for the most of a nutrient even where a question's filler holds them ("what has the most
    /// fiber"): `nutrient-talk.tsv`, role most.
    public var mostWords: Set<String> = []
    /// Words that join or qualify nutrient names ("added", "lots of"): `nutrient-talk.tsv`, role glue.
    public var nutrientGlue: Set<String>
    /// Nutrient words that are foods when they stand in a meal ("sugar", "salt"): `nutrient-talk.tsv`, role food.
    public var nutrientFoods: Set<String>

    /// Loads `nutrient-words.tsv`, `question-words.tsv` and `nutrient-talk.tsv`.
    public static func load(from lexicon: URL) throws -> QuestionVocabulary {
        let words = try TSVTable(contentsOf: lexicon.appendingPathComponent("nutrient-words.tsv"), required: ["word", "key"])
        let filler = try TSVTable(contentsOf: lexicon.appendingPathComponent("question-words.tsv"), required: ["word"])
        let talk = try TSVTable(contentsOf: lexicon.appendingPathComponent("nutrient-talk.tsv"), required: ["word", "role"])
        for row in talk.rows where !["glue", "food", "rich", "most"].contains(row["role"]) {
            throw DataFileError(file: talk.file, line: row.line, reason: "role must be glue, food, rich or most, not '\(row["role"])'")
        }
        var vocabulary = QuestionVocabulary(
            nutrients: Dictionary(words.rows.map { (FoldedWords.words(of: $0["word"]).joined(separator: " "), $0["key"]) },
                                  uniquingKeysWith: { first, _ in first }),
            filler: Set(filler.rows.map { $0["word"] }),
            nutrientGlue: Set(talk.rows.filter { $0["role"] == "glue" }.map { $0["word"] }),
            nutrientFoods: Set(talk.rows.filter { $0["role"] == "food" }.map { $0["word"] }))
        vocabulary.mostWords = Set(talk.rows.filter { $0["role"] == "most" }.map { $0["word"] })
        vocabulary.richWords = Set(talk.rows.filter { $0["role"] == "rich" }.map { $0["word"] }).union(vocabulary.mostWords)
        return vocabulary
    }
}
