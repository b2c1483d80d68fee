import Foundation
import NutriLanguage
import NutriStore

/// "delete #2", "remove the banana from lunch", "delete the last entry", "move the apple to breakfast": each is one
/// step of the undo history, on the entry the message names (asking which when two could be meant).
struct EntryCommands {
    let chat: Conversation

    func delete(_ analysis: MessageAnalysis, cues: MessageCues, input: String) throws -> Reply {
        let vocabulary = try chat.dialogueWords()
        var words = cues.commandWords
        if let lead = vocabulary.phrase(.delete, in: words) { words.removeFirst(lead.count) }
        let reference = try self.reference(words, cues: cues, vocabulary: vocabulary)
        let entry: JournalEntry
        switch try find(reference, analysis: analysis, lastOnly: vocabulary.contains(.lastEntry, in: words)) {
        case .found(let found): entry = found
        case .ambiguous(let entries): return try CorrectionHandler(chat: chat).askWhich(entries, input: input, intent: "undo")
        case .notFound:
            if reference.isUnnamed { return chat.reply(input, "undo", chat.replies.nothingToUndo) }
            return chat.reply(input, "undo", chat.replies.nothingNamed(name(of: reference)))
        }
        try chat.journal.record(HistoryStep(kind: .delete, summary: entry.text, changes: [.deleted(.entry(entry))]))
        chat.state.lastBatch.removeAll { $0 == entry.id }
        chat.state.lastTracking = nil
        return chat.reply(input, "undo", chat.replies.removed([entry], total: try chat.dayKcal(entry.date), today: chat.today))
    }

    func move(_ analysis: MessageAnalysis, cues: MessageCues, input: String) throws -> Reply {
        let vocabulary = try chat.dialogueWords()
        var words = cues.commandWords
        if let lead = vocabulary.phrase(.move, in: words) { words.removeFirst(lead.count) }
        let slots = try chat.journal.mealSlots().map(\.name)
        guard let to = words.lastIndex(where: { vocabulary.isWord($0, .target) }) else { return chat.reply(input, "correct", chat.replies.moveWhere(slots)) }
        var target = Array(words[(to + 1)...])
        guard let meal = MealSlotWords.take(from: &target, slots: slots, vocabulary: vocabulary) else {
            return chat.reply(input, "correct", chat.replies.moveWhere(slots))
        }
        let reference = try self.reference(Array(words[..<to]), cues: cues, vocabulary: vocabulary)
        let entry: JournalEntry
        switch try find(reference, analysis: analysis, lastOnly: true) {
        case .found(let found): entry = found
        case .ambiguous(let entries): return try CorrectionHandler(chat: chat).askWhich(entries, input: input, intent: "correct")
        case .notFound:
            if reference.isUnnamed { return chat.reply(input, "correct", chat.replies.nothingToCorrect) }
            return chat.reply(input, "correct", chat.replies.nothingNamed(name(of: reference)))
        }
        guard entry.meal != meal else { return chat.reply(input, "correct", chat.replies.alreadyIn(entry, meal: meal)) }
        var moved = entry
        moved.meal = meal
        try chat.journal.record(HistoryStep(kind: .move, summary: "\(entry.text) to \(meal)",
                                            changes: [RowChange(before: .entry(entry), after: .entry(moved))]))
        chat.state.lastBatch = moved.id.map { [$0] } ?? []
        chat.state.lastTracking = nil
        return chat.reply(input, "correct", chat.replies.moved(moved, from: entry.meal), logged: [moved])
    }

    /// "actually that was for dinner", "those were yesterday": the last message's entries (after a restart, the last
    /// log's) move to the meal and day named, as one step of the history.
    func relocate(meal: String?, date: String?, input: String) throws -> Reply {
        let entries = try lastLogged()
        guard !entries.isEmpty else { return chat.reply(input, "correct", chat.replies.nothingToCorrect) }
        let moved = entries.map { entry -> JournalEntry in
            var moved = entry
            if let meal { moved.meal = meal }
            if let date { moved.date = date }
            return moved
        }
        guard moved != entries else { return chat.reply(input, "correct", chat.replies.alreadyIn(entries[0], meal: entries[0].meal)) }
        try chat.journal.record(HistoryStep(kind: .move, summary: entries.map(\.text).joined(separator: ", ") + " to \(moved[0].meal)",
                                            changes: zip(entries, moved).map { RowChange(before: .entry($0), after: .entry($1)) }))
        chat.state.lastBatch = moved.compactMap(\.id)
        chat.state.lastTracking = nil
        return chat.reply(input, "correct", chat.replies.relocated(moved, today: chat.today, total: try chat.dayKcal(moved[0].date)),
                          logged: moved)
    }

    /// "I only ate half", "just a third of the pizza": the entry named (or the last message's entries) become that
    /// share of themselves, amount, grams and nutrients alike, as one correction.
    func share(_ fraction: Double, target: [String], analysis: MessageAnalysis, cues: MessageCues, input: String) throws -> Reply {
        var entries: [JournalEntry]
        if target.isEmpty {
            entries = try lastLogged()
        } else {
            let vocabulary = try chat.dialogueWords()
            switch try find(try reference(target, cues: cues, vocabulary: vocabulary), analysis: analysis, lastOnly: false) {
            case .found(let found): entries = [found]
            case .ambiguous(let found): return try CorrectionHandler(chat: chat).askWhich(found, input: input, intent: "correct")
            case .notFound: return chat.reply(input, "correct", chat.replies.nothingNamed(target.joined(separator: " ")))
            }
        }
        guard !entries.isEmpty else { return chat.reply(input, "correct", chat.replies.nothingToCorrect) }
        let shares = entries.map { entry -> JournalEntry in
            var part = Self.scaled(entry, by: fraction)
            part.text = ReplyText.share(fraction) + " of " + entry.text
            return part
        }
        try chat.journal.record(HistoryStep(kind: .correct, summary: shares.map(\.text).joined(separator: ", "),
                                            changes: zip(entries, shares).map { RowChange(before: .entry($0), after: .entry($1)) }))
        chat.state.lastBatch = shares.compactMap(\.id)
        chat.state.lastTracking = nil
        return chat.reply(input, "correct", chat.replies.shared(shares, was: entries, today: chat.today,
                                                                total: try chat.dayKcal(shares[0].date)), logged: shares)
    }

    /// "same again" logs the last message's entries again; "same breakfast as yesterday" (or "same as yesterday", the
    /// clock's meal) logs that day's meal again; "same lunch" with no day, the newest of the last week's lunches.
    /// The copies go to today, in the meal named, or the meal copied, or the clock's.
    func repeatLogged(meal: String?, from day: String?, input: String) throws -> Reply {
        var source: [JournalEntry] = []
        var from = ""
        if let day {
            let slot = meal ?? chat.mealName(nil)
            source = try chat.journal.entries(on: day).filter { $0.meal == slot }
            from = "\(slot) on \(day)"
        } else if let meal {
            for back in 1...7 {
                guard let earlier = DayArithmetic.adding(-back, to: chat.today) else { break }
                source = try chat.journal.entries(on: earlier).filter { $0.meal == meal }
                if !source.isEmpty { break }
            }
            from = "\(meal) in the last week"
        } else {
            source = try lastLogged()
            from = "your last log"
        }
        guard !source.isEmpty else { return chat.reply(input, "log_food", chat.replies.nothingToRepeat(from)) }
        return try logCopies(of: source, input: input) { copy, _ in copy.meal = meal ?? (day == nil ? chat.mealName(nil) : copy.meal) }
    }

    /// Logs `source` again today as one new log, each copy changed by `adjust` (its meal, its amount), which also gets
    /// the entry copied.
    private func logCopies(of source: [JournalEntry], input: String,
                           adjust: (inout JournalEntry, JournalEntry) -> Void) throws -> Reply {
        let now = chat.clock().now
        let copies = source.map { entry -> JournalEntry in
            var copy = entry
            copy.id = nil
            copy.date = chat.today
            copy.createdAt = now
            adjust(&copy, entry)
            return copy
        }
        let logged = try chat.logEntries(copies)
        chat.state.pending = nil
        chat.state.queue = []
        return chat.reply(input, "log_food", chat.replies.logged(logged, day: chat.today, today: chat.today,
                                                                 total: try chat.dayKcal(chat.today)), logged: logged)
    }

    /// The entry's amount, grams and nutrients times `factor`.
    private static func scaled(_ entry: JournalEntry, by factor: Double) -> JournalEntry {
        var part = entry
        part.quantity = entry.quantity.map { ($0 * factor * 1000).rounded() / 1000 }
        part.grams = (entry.grams * factor * 10).rounded() / 10
        part.nutrients = entry.nutrients.mapValues { ($0 * factor * 1000).rounded() / 1000 }
        return part
    }

    /// "another slice", "two more", "seconds": more of the last message's entries, logged as new entries in the meal they
    /// were in (today). A unit said picks the entries measured in it; a count needs one entry to count ("one more"
    /// after eggs and toast asks which); with no count ("seconds", "a refill") every entry is had again as it was.
    func more(_ quantity: Double?, unit: String?, input: String) throws -> Reply {
        let last = try lastLogged()
        guard !last.isEmpty else { return chat.reply(input, "log_food", chat.replies.nothingForMore) }
        let language = chat.analyzer.services.language
        var source = last
        if let unit {
            let measured = { (entry: JournalEntry) in
                entry.unit == unit || FoldedWords.words(of: entry.text).contains { language.singular($0) == unit }
            }
            // The last message's entries in that unit, else today's newest in it ("2 more glasses" after milk, then
            // bread), else a last entry measured in no unit of its own ("another cup" after "coffee").
            source = last.filter(measured)
            if source.isEmpty, let newest = try chat.journal.entries(on: chat.today).reversed().first(where: measured) {
                source = [newest]
            }
            if source.isEmpty { source = last.filter { $0.unit == nil } }
            guard !source.isEmpty else { return chat.reply(input, "log_food", chat.replies.moreOfWhich(last)) }
        }
        if quantity != nil, source.count > 1 { return chat.reply(input, "log_food", chat.replies.moreOfWhich(source)) }
        let today = chat.today, meal = chat.mealName(nil)
        return try logCopies(of: source, input: input) { copy, entry in
            if entry.date != today { copy.meal = meal }
            guard let quantity, quantity != copy.quantity ?? 1 else { return }
            let text = copy.text
            copy = Self.scaled(copy, by: quantity / (copy.quantity ?? 1))
            copy.quantity = quantity
            copy.text = restated(text, quantity: quantity, language: language)
        }
    }

    /// "2 slices of pepperoni pizza" told for another `quantity`: "1 slice of pepperoni pizza"; "2 eggs" → "1 egg".
    private func restated(_ text: String, quantity: Double, language: LanguageLexicon) -> String {
        guard let (_, rest) = chat.quantities.leadingAmount(in: text), rest.count < text.count else {
            return "\(quantity.wholeNumberText) more \(text)"
        }
        // The amount's words after its number ("slices of"), then the rest ("pepperoni pizza"); the unit, else the
        // food's last word, is the one counted.
        let said = Array(text.dropLast(rest.count).split(separator: " ").dropFirst().map(String.init))
        var words = said + rest.split(separator: " ").map(String.init)
        let counted = said.isEmpty ? words.indices.last : 0
        if let at = counted {
            let one = language.singular(words[at])
            words[at] = quantity <= 1 ? one : (words[at] != one ? words[at] : language.plural(one))
        }
        return ([quantity.wholeNumberText] + words).joined(separator: " ")
    }

    /// The last message's entries still in the journal; after a restart, those of the last logging step.
    private func lastLogged() throws -> [JournalEntry] {
        let batch = try chat.state.lastBatch.compactMap { try chat.journal.entry(id: $0) }
        if !batch.isEmpty { return batch }
        guard let step = try chat.journal.lastStep(), step.kind == .log else { return [] }
        return try step.entriesAfter.compactMap { entry in try entry.id.flatMap { try chat.journal.entry(id: $0) } }
    }

    private func reference(_ words: [String], cues: MessageCues, vocabulary: DialogueWords) throws -> EntryReference {
        let slots = try chat.journal.mealSlots().map(\.name)
        return EntryReference.read(words, number: chat.state.chosenEntry ?? cues.entryNumber, slots: slots,
                                   vocabulary: vocabulary, isAmountWord: chat.isAmountWord)
    }

    private func find(_ reference: EntryReference, analysis: MessageAnalysis, lastOnly: Bool) throws -> EntryMatch {
        if reference.isUnnamed {
            return try CorrectionHandler(chat: chat).lastEntry(counted: false).map(EntryMatch.found) ?? .notFound
        }
        return try chat.entryFinder.find(reference, lastBatch: chat.state.lastBatch, day: analysis.date,
                                         dayBefore: DayArithmetic.adding(-1, to: analysis.date) ?? analysis.date)
    }

    private func name(of reference: EntryReference) -> String {
        if let number = reference.number { return "#\(number)" }
        return (reference.food + (reference.meal.map { ["at", $0] } ?? [])).joined(separator: " ")
    }
}

/// `undo` and `redo` over the journal's history: every log, correction, deletion and move is one step.
struct HistoryHandler {
    let chat: Conversation

    func undo(input: String) throws -> Reply {
        guard let step = try chat.journal.undoStep() else { return chat.reply(input, "undo", chat.replies.nothingToUndo) }
        chat.state.pending = nil
        chat.state.queue = []
        chat.state.lastBatch = step.kind == .log ? [] : step.entriesBefore.compactMap(\.id)
        chat.state.lastWater = []
        return chat.reply(input, "undo", chat.replies.undone(step) + (try totalNote(step)))
    }

    func redo(input: String) throws -> Reply {
        guard let step = try chat.journal.redoStep() else { return chat.reply(input, "redo", chat.replies.nothingToRedo) }
        chat.state.lastBatch = step.entriesAfter.compactMap(\.id)
        chat.state.lastWater = []
        return chat.reply(input, "redo", chat.replies.redone(step) + (try totalNote(step)), logged: step.entriesAfter)
    }

    private func totalNote(_ step: HistoryStep) throws -> String {
        guard let day = (step.entriesAfter + step.entriesBefore).first?.date else { return "" }
        let total = try chat.dayKcal(day)
        return day == chat.today ? " Today so far: \(ReplyText.kcal(total))." : " Total for \(day): \(ReplyText.kcal(total))."
    }
}
