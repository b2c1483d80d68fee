import Foundation
import NutriLanguage
import NutriStore

extension Conversation {
    // MARK: - Preferences

    /// Saves and removes preferences; a new diet replaces the old one ("vegan" after "vegetarian").
    func updatePreferences(_ statement: PreferenceStatement) throws -> String {
        let text = try trackingText()
        rememberForUndo(try journal.snapshotSettings(weightDate: nil))
        var parts: [String] = []
        if !statement.removed.isEmpty {
            var removed: [PreferenceRecord] = []
            var missing: [String] = []
            for item in statement.removed {
                if let record = try journal.removePreference(item: item.item) { removed.append(record) } else { missing.append(item.text) }
            }
            parts.append(text.preferencesRemoved(removed, missing: missing))
        }
        if !statement.added.isEmpty {
            var replacedDiets: [String] = []
            if statement.added.contains(where: { $0.kind == .diet }) {
                for old in try journal.preferences() where old.kind == .diet && !statement.added.contains(where: { $0.item == old.item }) {
                    try journal.removePreference(item: old.item)
                    replacedDiets.append(old.text)
                }
            }
            for item in statement.added {
                try journal.addPreference(PreferenceRecord(kind: item.kind, item: item.item, text: item.text, createdAt: clock().now))
            }
            parts.append(text.preferencesSaved(statement.added, replacedDiets: replacedDiets))
        }
        return parts.joined(separator: " ")
    }

    /// "What are my preferences?"
    func preferenceList() throws -> String {
        try trackingText().preferences(try journal.preferences())
    }

    /// Gentle notes for logged entries that conflict with a saved preference, by the food's SR24 group and the
    /// words of its name and of what the person said: one note per entry, the first preference it conflicts with.
    func preferenceNotes(for entries: [JournalEntry]) -> [String] {
        guard !entries.isEmpty, let preferences = try? journal.preferences(), !preferences.isEmpty,
              let lexicon = try? trackingLexicon(), let text = try? trackingText() else { return [] }
        let singular = analyzer.services.language.singular
        var notes: [String] = []
        for entry in entries {
            let words = FoldedWords.words(of: entry.foodName + " " + entry.text).map(singular)
            let group = (try? analyzer.services.database.food(id: entry.foodId))?.groupCode
            if let preference = preferences.first(where: { lexicon.preferences.conflicts($0.item, groupCode: group, words: words) }) {
                notes.append(text.conflict(entry.text, preference))
            }
        }
        return notes
    }
}
