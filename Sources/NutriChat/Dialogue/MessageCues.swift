import Foundation
import NutriLanguage

/// What one message says about the dialogue, read from its words before anything is decided: correction cues,
/// cancel, undo, redo, delete and move words, and the entry it refers to. `IntentRouter` decides from these.
struct MessageCues: Sendable {
    /// The message's folded words.
    var words: [String]
    /// The words after a polite lead ("can you delete the coffee" → "delete the coffee"): where a command starts.
    var commandWords: [String]
    /// A correction cue: a strong lead ("actually", "make that"), "instead", "change the … to", or "3 not 2".
    var correction = false
    /// The correction's words after its leads ("actually make that 3 cups" → ["3", "cups"]).
    var body: [String] = []
    /// "X not Y": the words replaced (Y), when the message says so.
    var replaced: [String]?
    /// "change the rice to 2 cups": the words naming the entry (["rice"]).
    var changeTarget: [String]?
    /// "the salmon was about 6 oz": the words naming an entry and the words after the copula, read before anyone
    /// knows whether those start with an amount (`takeStated` decides).
    var stated: (target: [String], body: [String], addition: Bool)?
    /// The correction was read from such a statement: when no entry has the name, the message is a new log.
    var statedCorrection = false
    /// "and a coffee", "I also had a cookie": a log that goes on from the message just logged.
    var continuation = false
    /// "it was made with whey and almond milk" (`[]`), "the shake was made with …" (`["shake"]`): the message tells
    /// what an entry just logged was made of; the words name the entry when the message does.
    var madeOf: [String]?
    /// The message's own text after its made-of phrase ("a banana, a cup of milk" of "the smoothie was made with a
    /// banana, a cup of milk"): the parts to log.
    var madeOfText: String?
    /// "the pizza was great" (["pizza"], liked), "it was bland" ([], not liked), "loved it": a remark on what was
    /// eaten, not a log and not a correction.
    var remark: (target: [String], liked: Bool)?
    /// "I skipped lunch", "no dinner for me tonight": the meal slot the message says was not eaten (set by
    /// `takeSkippedMeal`, which knows the slots).
    var skippedMeal: String?
    /// "actually that was for dinner", "those were yesterday": the words after the lead, which name only where the
    /// last message's entries belong (`takeRelocation` reads the meal and day from the analysis).
    private var relocateRest: [String]?
    /// The meal and day the last message's entries move to; nil for what the message does not name.
    var relocation: (meal: String?, date: String?)?
    /// "I only ate half", "half of it", "I only had a third of the pizza": the words after the lead, which start
    /// with the share eaten (`takeShare` reads the amount).
    private var shareRest: [String]?
    /// The share of the entry (or of the last message's entries) that was eaten, and the words naming the entry.
    var share: (fraction: Double, target: [String])?
    /// "same again", "same breakfast as yesterday", "repeat yesterday's lunch": the message asks to log again what
    /// was logged before; the words after the lead name the meal (`takeRepeat` reads it).
    private var repeatRest: [String]?
    /// The message asks to log again what was logged before (`repeatedMeal` says which meal, when it names one).
    var repeated = false
    /// The meal a repeat names (nil: the last message's entries, or the clock's meal of a day named).
    var repeatedMeal: String?
    /// "another slice", "two more", "seconds": more of what was just logged, with no food named; the count and unit
    /// said (nil quantity: the same amount again, as "seconds" and "a refill" mean).
    var more: (quantity: Double?, unit: String?)?
    /// The words after a skip-meal lead ("skipped", "I didn't have"), read before the slots are known.
    private var skipRest: [String]?
    /// "actually I also had a banana": a correction cue, but a new log.
    var addition = false
    /// The whole message drops a question ("cancel", "never mind", "skip").
    var cancel = false
    /// The whole message is "skip" (only the current question) rather than "cancel" (the whole message's).
    var skipOne = false
    var undo = false
    var redo = false
    /// Starts with a delete word ("delete #2", "remove the banana from lunch").
    var delete = false
    /// Starts with a move word ("move the apple to breakfast").
    var move = false
    /// A move whose words after "to" are only a meal slot's ("move the peanut butter to dinner"): a command even
    /// when the classifier hears a log, unlike "put peanut butter into my oatmeal".
    var moveToMeal = false
    /// "#2", "entry 2", "number 2": the number `diary` shows.
    var entryNumber: Int64?

    /// Reads `text` with the dialogue's words.
    init(_ text: String, words vocabulary: DialogueWords) {
        words = Self.tokens(text)
        commandWords = words
        while let lead = vocabulary.phrase(.polite, in: commandWords), lead.count < commandWords.count {
            commandWords.removeFirst(lead.count)
        }
        entryNumber = Self.entryNumber(in: text, words: words, vocabulary: vocabulary)
        cancel = vocabulary.isWhole(words, .cancel)
        skipOne = vocabulary.isWhole(words, .skip)
        cancel = cancel || skipOne
        undo = vocabulary.isWhole(commandWords, .undo)
        redo = vocabulary.isWhole(commandWords, .redo)
        delete = vocabulary.phrase(.delete, in: commandWords) != nil
        // The longer lead wins: "switch to almond milk" is a correction, "switch the eggs to lunch" a move.
        let moveLead = vocabulary.phrase(.move, in: commandWords)
        move = moveLead != nil && words.contains { vocabulary.isWord($0, .target) }
            && (vocabulary.phrase(.correct, in: commandWords)?.count ?? 0) <= (moveLead?.count ?? 0)
        addition = vocabulary.contains(.addition, in: words)
        continuation = vocabulary.phrase(.continuation, in: words) != nil || vocabulary.contains(.continuationAnywhere, in: words)
        let commaLead = Self.commaLead(text, vocabulary: vocabulary)
        readCorrection(vocabulary, commaLead: commaLead)
        remark = Self.readRemark(commandWords, vocabulary: vocabulary)
        // "that was for dinner", or what is left of "actually that was for dinner" / "no, lunch" once the
        // correction's leads are gone.
        if let lead = vocabulary.phrase(.relocate, in: body) {
            relocateRest = body.dropFirst(lead.count).filter { !vocabulary.isWord($0, .filler) }
        } else if correction || body.count < words.count {
            relocateRest = body.filter { !vocabulary.isWord($0, .filler) }
        }
        let shareLead = vocabulary.phrase(.shareLead, in: body) ?? []
        shareRest = Array(body.dropFirst(shareLead.count))
        if let lead = vocabulary.phrase(.repeatLead, in: commandWords) {
            repeatRest = commandWords.dropFirst(lead.count).filter { !vocabulary.isWord($0, .filler) }
        }
        // "no lunch" skips lunch; "no, lunch" corrects where the last entries go.
        if !commaLead, let lead = vocabulary.phrase(.skipMeal, in: commandWords), lead.count < commandWords.count {
            skipRest = commandWords.dropFirst(lead.count).filter { !vocabulary.isWord($0, .filler) }
        }
        if let phrase = vocabulary.phrase(.madeOf, in: commandWords) {
            madeOf = []
            madeOfText = Self.text(after: phrase, in: text)
        } else if let stated, let phrase = vocabulary.phrase(.madeOf, in: stated.body) {
            madeOf = stated.target
            madeOfText = Self.text(after: phrase, in: text)
        }
    }

    /// Takes "that was for dinner" / "actually that was yesterday" as a move of the last message's entries when the
    /// words after the lead are few and name a meal or a day: `meal` and `date` are what the analysis read from the
    /// text (nil when the text names none).
    mutating func takeRelocation(meal: String?, date: String?, vocabulary: DialogueWords, isAmountWord: (String) -> Bool) {
        guard let rest = relocateRest, rest.count <= 3, meal != nil || date != nil,
              !rest.contains(where: { vocabulary.isWord($0, .praise) || vocabulary.isWord($0, .complaint) }),
              !rest.contains(where: { $0.contains(where: \.isNumber) || isAmountWord($0) }) else { return }
        relocation = (meal, date)
    }

    /// Takes "I only ate half (of it)", "just a third of the pizza" as a share of what was logged: the words after
    /// the lead start with a fraction below one with no unit, then at most "of" and the entry's name.
    mutating func takeShare(leadingAmount: (String) -> (fraction: Double, rest: String)?, vocabulary: DialogueWords) {
        guard let rest = shareRest, !rest.isEmpty, let (fraction, after) = leadingAmount(rest.joined(separator: " ")),
              fraction > 0, fraction < 1 else { return }
        let following = FoldedWords.words(of: after)
        // "half of the pizza" names an entry; "half a pizza" is a new log.
        if let first = following.first, !vocabulary.isWord(first, .shareOf) { return }
        let target = following.filter { !vocabulary.isWord($0, .filler) && !vocabulary.isWord($0, .shareOf) }
        guard target.count <= 4 else { return }
        share = (fraction, target)
    }

    /// Takes "another slice", "two more", "one more please", "seconds" as more of what was just logged: a more word,
    /// and besides it only more-filler words and one amount with no food (`amount` reads it and its rest).
    mutating func takeMore(amount: (String) -> (quantity: Double?, unit: String?, rest: String)?, vocabulary: DialogueWords) {
        var rest: [String] = []
        var one = false, same = false
        var i = 0
        while i < commandWords.count {
            if let phrase = vocabulary.phrase(.more, in: commandWords, at: i) { one = true; i += phrase.count; continue }
            if let phrase = vocabulary.phrase(.moreSame, in: commandWords, at: i) { same = true; i += phrase.count; continue }
            if let phrase = vocabulary.phrase(.moreFiller, in: commandWords, at: i) { i += phrase.count; continue }
            rest.append(commandWords[i])
            i += 1
        }
        guard one || same else { return }
        if rest.isEmpty {
            more = (same && !one ? nil : 1, nil)
            return
        }
        guard let said = amount(rest.joined(separator: " ")), said.rest.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        more = (said.quantity ?? (same && !one ? nil : 1), said.unit)
    }

    /// Takes "same breakfast as yesterday" as a repeat when the words after the lead are only a meal's name and
    /// words that lead to a day ("as", "from"), or the analysis read a day from them (`dayNamed`).
    mutating func takeRepeat(slots: [String], dayNamed: Bool, vocabulary: DialogueWords) {
        guard var rest = repeatRest else { return }
        let meal = MealSlotWords.take(from: &rest, slots: slots, vocabulary: vocabulary)
        guard dayNamed || rest.allSatisfy({ vocabulary.isWord($0, .repeatGlue) }) else { return }
        repeated = true
        repeatedMeal = meal
    }

    /// Takes "I skipped lunch" as a meal not eaten when the words after the lead are exactly a meal slot's name
    /// (reference words aside), or the meal the analysis read from them ("supper" is dinner) in at most two words.
    mutating func takeSkippedMeal(slots: [String], analysedMeal: String?) {
        guard let rest = skipRest, !rest.isEmpty else { return }
        let named = rest.joined(separator: " ")
        skippedMeal = slots.first { $0 == named } ?? (rest.count <= 2 ? analysedMeal : nil)
    }

    /// "the pizza was great", "that was so good", "yum": after the copula (or the whole message), intensifiers aside,
    /// only words of praise or complaint; a short name before the copula says what the remark is about.
    static func readRemark(_ words: [String], vocabulary: DialogueWords) -> (target: [String], liked: Bool)? {
        var target: [String] = [], body = words
        if let index = words.indices.first(where: { vocabulary.phrase(.copula, in: words, at: $0) != nil }),
           let copula = vocabulary.phrase(.copula, in: words, at: index) {
            target = words[..<index].filter { !vocabulary.isWord($0, .filler) }
            body = Array(words[(index + copula.count)...])
        }
        body = body.filter { !vocabulary.isWord($0, .intensifier) }
        guard target.count <= 4, !body.isEmpty else { return nil }
        if vocabulary.isWhole(body, .praise) { return (target, true) }
        if vocabulary.isWhole(body, .complaint) { return (target, false) }
        return nil
    }

    /// The text after the first place `phrase`'s words stand in it, whatever the case and spacing between them.
    static func text(after phrase: [String], in text: String) -> String? {
        let pattern = "\\b" + phrase.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "\\W+") + "\\b"
        guard let range = text.range(of: pattern, options: [.regularExpression, .caseInsensitive]) else { return nil }
        let rest = text[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        return rest.isEmpty ? nil : rest
    }

    /// Takes "it was a chicken burrito" (a `refine` lead, then a food) as a correction of the last message's entry
    /// when a word of that food is one of the entry's (`logged`, singular words, read only after a lead): the burrito
    /// is told more exactly, not eaten again.
    mutating func takeRefinement(vocabulary: DialogueWords, singular: (String) -> String,
                                 logged: () throws -> Set<String>) rethrows {
        guard !correction, let lead = vocabulary.phrase(.refine, in: commandWords), lead.count < commandWords.count else { return }
        let rest = Array(commandWords.dropFirst(lead.count))
        let entryWords = try logged()
        guard rest.contains(where: { !vocabulary.isWord($0, .filler) && !vocabulary.isWord($0, .article)
            && entryWords.contains(singular($0)) }) else { return }
        body = rest
        correction = true
    }

    /// Marks a move to a meal slot: the words after its last target word, filler aside, are one of `slots` or a
    /// word of one ("to dinner", "to my snack").
    mutating func takeMoveToMeal(slots: [String], vocabulary: DialogueWords) {
        guard move, let to = words.lastIndex(where: { vocabulary.isWord($0, .target) }) else { return }
        let rest = words[(to + 1)...].filter { !vocabulary.isWord($0, .filler) && !vocabulary.isWord($0, .article) }
        guard !rest.isEmpty, rest.count <= 3 else { return }
        let said = rest.joined(separator: " ")
        moveToMeal = slots.contains { slot in slot == said || (rest.count == 1 && slot.split(separator: " ").contains(Substring(said))) }
    }

    /// Takes the statement "the salmon was about 6 oz" as a correction of the salmon when what follows the copula
    /// starts with an amount and the name is no meal's ("lunch was 2 slices of pizza" is a new log); so is "the milk
    /// was oat milk", which names the same food more exactly (its last word is the name's: `singular` folds plurals).
    mutating func takeStated(slots: [String], singular: (String) -> String, startsWithAmount: ([String]) -> Bool) {
        let isMealWord = { (word: String) in slots.contains { $0.split(separator: " ").contains(Substring(word)) } }
        guard let stated, !stated.target.contains(where: isMealWord) else { return }
        let told = stated.body.count > 1 && stated.target.last.map(singular) == stated.body.last.map(singular)
        guard told || startsWithAmount(stated.body) else { return }
        changeTarget = stated.target
        body = stated.body
        // "the eggs were more like 3": "more" in the copula adds nothing.
        addition = stated.addition
        correction = true
        statedCorrection = true
    }

    /// "the salmon was about 6 oz" → (["salmon"], ["about", "6", "oz"]): a short name before a copula, the words
    /// after it, and whether those two say "also" or "more" (the copula's own words do not).
    private static func splitStated(_ words: [String], vocabulary: DialogueWords) -> (target: [String], body: [String], addition: Bool)? {
        for index in words.indices.dropFirst() {
            guard let copula = vocabulary.phrase(.copula, in: words, at: index) else { continue }
            let target = words[..<index].filter { !vocabulary.isWord($0, .filler) }
            let body = Array(words[(index + copula.count)...])
            guard !target.isEmpty, target.count <= 4, !body.isEmpty else { return nil }
            return (Array(target), body, vocabulary.contains(.addition, in: Array(target)) || vocabulary.contains(.addition, in: body))
        }
        return nil
    }

    /// "no, 3 eggs": a comma cue word opening the message, followed by a comma.
    private static func commaLead(_ text: String, vocabulary: DialogueWords) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let comma = trimmed.firstIndex(of: ",") else { return false }
        let lead = FoldedWords.words(of: String(trimmed[..<comma]))
        return lead.count == 1 && vocabulary.isWord(lead[0], .commaCue)
    }

    private mutating func readCorrection(_ vocabulary: DialogueWords, commaLead: Bool) {
        if let first = words.first, vocabulary.isWord(first, .change),
           let to = words.lastIndex(where: { vocabulary.isWord($0, .target) }), to > 1, to + 1 < words.count {
            let named = words[1..<to].filter { !vocabulary.isWord($0, .filler) }
            if !named.isEmpty {
                changeTarget = Array(named)
                body = Array(words[(to + 1)...])
                correction = true
                return
            }
        }
        var rest = words
        var strong = commaLead
        var changed = true
        while changed {
            changed = false
            for kind in [DialogueWords.Kind.correct, .correctLead] {
                if let lead = vocabulary.phrase(kind, in: rest), lead.count < rest.count {
                    rest.removeFirst(lead.count)
                    strong = strong || kind == .correct
                    changed = true
                }
            }
        }
        if vocabulary.contains(.correctAnywhere, in: words) {
            strong = true
            rest = rest.filter { !vocabulary.isWord($0, .correctAnywhere) }
            if let last = rest.last, vocabulary.isWord(last, .danglingGlue) { rest.removeLast() }
        }
        body = rest
        let (replacement, replaced) = Self.splitNot(rest, vocabulary: vocabulary)
        if let replaced, !replaced.isEmpty, !replacement.isEmpty {
            // "3 not 2", "skim not whole": short on both sides, or a number replacing a number.
            let numbers = Double(replacement[0]) != nil && replaced.first.flatMap(Double.init) != nil
            if numbers || strong || (replacement.count <= 3 && replaced.count <= 3) {
                body = replacement
                self.replaced = replaced
                strong = true
            }
        }
        correction = strong
        if self.replaced == nil { stated = Self.splitStated(rest, vocabulary: vocabulary) }
    }

    /// The message's words, folded as lexicon phrases are, with fractions kept whole ("3/4"), which the amount
    /// grammar needs: the one tokenizer's words (`FoldedWords.amountWords`).
    static func tokens(_ text: String) -> [String] { FoldedWords.amountWords(of: text) }

    /// "skim not whole" → (["skim"], ["whole"]); "not whole but skim" → (["skim"], ["whole"]).
    static func splitNot(_ words: [String], vocabulary: DialogueWords) -> ([String], [String]?) {
        let isNot = { (word: String) in vocabulary.isWord(word, .negation) }
        if let first = words.first, isNot(first), let but = words.firstIndex(where: { vocabulary.isWord($0, .contrast) }),
           but + 1 < words.count {
            return (Array(words[(but + 1)...]), Array(words[1..<but]))
        }
        // "I did not have the eggs": a "not" after a verb's helper negates the verb, it names nothing replaced.
        if let not = words.firstIndex(where: isNot), not > 0, !vocabulary.isWord(words[not - 1], .auxiliary) {
            return (Array(words[..<not]), Array(words[(not + 1)...]).filter { !vocabulary.isWord($0, .article) })
        }
        return (words, nil)
    }

    /// "#2" anywhere, or "entry 2" / "number 2" / "item 2".
    private static func entryNumber(in text: String, words: [String], vocabulary: DialogueWords) -> Int64? {
        if let hash = text.firstIndex(of: "#") {
            let digits = text[text.index(after: hash)...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count < 15 { return Int64(digits) }
        }
        for (index, word) in words.enumerated().dropLast() where vocabulary.isWord(word, .numberWord) {
            if words[index + 1].count < 15, let number = Int64(words[index + 1]) { return number }
        }
        return nil
    }
}
