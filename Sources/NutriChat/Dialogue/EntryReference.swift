import Foundation
import NutriLanguage
import NutriStore

/// How a message names the entry it is about: by diary number ("#2"), by food ("the eggs"), by meal ("the milk
/// at breakfast"), or not at all (the last entry of the last message).
struct EntryReference: Equatable, Sendable {
    var number: Int64?
    /// Words naming the food, in the entry's text or food name ("eggs", "low fat milk").
    var food: [String] = []
    /// A meal slot named ("breakfast", "second breakfast").
    var meal: String?
    /// "3 not 2": the quantity the entry has now.
    var quantity: Double?

    /// Whether the message named nothing: the last entry is meant.
    var isUnnamed: Bool { number == nil && food.isEmpty && meal == nil }

    /// Reads a reference from the words naming an entry: a meal slot's name (longest first) is the meal, filler and
    /// amount words are dropped, the rest names the food.
    static func read(_ words: [String], number: Int64?, slots: [String], vocabulary: DialogueWords,
                     isAmountWord: (String) -> Bool) -> EntryReference {
        var rest = words
        let meal = MealSlotWords.take(from: &rest, slots: slots, vocabulary: vocabulary)
        let food = rest.filter { word in
            !vocabulary.isWord(word, .filler) && !isAmountWord(word) && !(number.map { String($0) == word } ?? false)
        }
        return EntryReference(number: number, food: food, meal: meal)
    }
}

/// What a reference found.
enum EntryMatch: Equatable, Sendable {
    case found(JournalEntry)
    /// More than one entry could be meant: ask which.
    case ambiguous([JournalEntry])
    case notFound
}

/// Finds the entry a reference names. Looks in the last message's entries first, then the day's, then the day
/// before; more than one match in the first place with any is a question, not a guess.
struct EntryFinder {
    let journal: any JournalStore
    let singular: (String) -> String

    func find(_ reference: EntryReference, lastBatch: [Int64], day: String, dayBefore: String) throws -> EntryMatch {
        if let number = reference.number {
            return try journal.entry(id: number).map(EntryMatch.found) ?? .notFound
        }
        let batch = try lastBatch.compactMap { try journal.entry(id: $0) }
        let tiers = [batch, try journal.entries(on: day), try journal.entries(on: dayBefore)]
        let wanted = Set(reference.food.map(singular))
        for tier in tiers {
            var matches = tier.filter { entry in
                (reference.meal.map { meal in entry.meal == meal } ?? true)
                    && wanted.isSubset(of: Set(FoldedWords.words(of: entry.text + " " + entry.foodName).map(singular)))
            }
            if let quantity = reference.quantity {
                let same = matches.filter { ($0.quantity ?? 1) == quantity }
                if !same.isEmpty { matches = same }
            }
            guard let last = matches.last else { continue }
            // "delete lunch" with three lunch entries asks which; "actually 3" (nothing named) means the last.
            if matches.count == 1 || (wanted.isEmpty && reference.meal == nil) { return .found(last) }
            return .ambiguous(matches)
        }
        return .notFound
    }
}

/// Meal slots named in words: "for second breakfast", "as my pre-workout", "at breakfast".
enum MealSlotWords {
    /// Removes the longest slot name found in `words` (with the lead before it, "for", "as my") and returns it.
    static func take(from words: inout [String], slots: [String], vocabulary: DialogueWords) -> String? {
        let named = slots.map { (name: $0, words: FoldedWords.words(of: $0)) }.filter { !$0.words.isEmpty }
            .sorted { $0.words.count > $1.words.count }
        for slot in named {
            guard let start = words.indices.first(where: { index in
                index + slot.words.count <= words.count && Array(words[index..<(index + slot.words.count)]) == slot.words
            }) else { continue }
            var from = start
            for lead in vocabulary.phrases(.slotLead) where from >= lead.count
                && Array(words[(from - lead.count)..<from]) == lead {
                from -= lead.count
                break
            }
            words.removeSubrange(from..<(start + slot.words.count))
            return slot.name
        }
        return nil
    }

    /// A log's text without the phrase naming one of the person's own meal slots ("a banana for second breakfast"
    /// → "a banana", "second breakfast"). Only slots the language does not know by itself are taken here (custom
    /// and renamed ones), and only after a lead word, so "brunch" in a food name stays.
    static func customSlot(in text: String, slots: [String], builtIn: Set<String>,
                           vocabulary: DialogueWords) -> (text: String, slot: String)? {
        let custom = slots.filter { !builtIn.contains($0) }
        guard !custom.isEmpty else { return nil }
        let lowered = text.lowercased()
        for slot in custom.sorted(by: { $0.count > $1.count }) {
            for lead in vocabulary.phrases(.slotLead) {
                let phrase = lead.joined(separator: " ") + " " + slot
                guard let range = lowered.range(of: phrase), isWordBoundary(lowered, range) else { continue }
                let start = text.index(text.startIndex, offsetBy: lowered.distance(from: lowered.startIndex, to: range.lowerBound))
                let end = text.index(start, offsetBy: lowered.distance(from: range.lowerBound, to: range.upperBound))
                guard text.count == lowered.count else { return nil }
                var rest = text
                rest.removeSubrange(start..<end)
                return (rest.split(separator: " ").joined(separator: " ").trimmingCharacters(in: .punctuationCharacters), slot)
            }
        }
        return nil
    }

    private static func isWordBoundary(_ text: String, _ range: Range<String.Index>) -> Bool {
        let before = range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter
        let after = range.upperBound == text.endIndex || !text[range.upperBound].isLetter
        return before && after
    }
}
