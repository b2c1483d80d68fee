import Foundation
import NutriLanguage
import NutriStore

/// Preferences said in a message: "I'm vegetarian", "I'm allergic to peanuts and shellfish", "I don't eat pork"
/// (added), "I eat pork again", "remove my peanut allergy", "I'm not vegetarian anymore" (removed).
public struct PreferenceStatement: Sendable, Equatable {
    /// One preference named.
    public struct Item: Sendable, Equatable {
        public var item: String
        public var kind: PreferenceRecord.Kind
        /// The person's words for it ("peanuts").
        public var text: String
    }

    public var added: [Item] = []
    public var removed: [Item] = []

    /// Whether no preference was named.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// Reads preferences from `phrase`. A food word counts only with a cue ("allergic", "don't eat", "again"), so
    /// "I want more meat" is no preference; diet words ("vegetarian") count alone.
    public static func read(_ phrase: MeasureText, table: PreferenceTable) -> PreferenceStatement {
        var statement = PreferenceStatement()
        let named = table.items(in: phrase.words)
        guard !named.isEmpty else { return statement }
        func said(_ kind: String) -> Bool { table.cues[kind].contains { phrase.contains($0) } }
        let removing = said("preference-removal")
        let cue: PreferenceRecord.Kind? = said("preference-allergy") ? .allergy
            : said("preference-intolerance") ? .intolerance
            : said("preference-avoid") ? .avoid : nil
        for (item, kind, range) in named {
            let text = phrase.words[range].joined(separator: " ")
            let found = Item(item: item, kind: kind == .diet ? .diet : (cue ?? kind), text: text)
            if removing {
                statement.removed.append(found)
            } else if cue != nil || kind == .diet {
                statement.added.append(found)
            }
        }
        return statement
    }
}
