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

    static let allergyWords: Set<String> = ["allergic", "allergy", "allergies", "anaphylactic", "anaphylaxis"]
    static let intoleranceWords: Set<String> = ["intolerant", "intolerance", "sensitive", "sensitivity", "coeliac", "celiac"]
    static let avoidWords: Set<String> = ["dont", "avoid", "never", "cant", "cannot", "no", "free", "without", "off", "skip",
                                          "exclude", "hate", "wont"]
    static let removalPhrases = ["again", "anymore", "any more", "no longer", "no more", "remove", "delete", "forget", "clear",
                                 "not allergic", "stopped being", "quit being", "can eat", "started eating",
                                 "eat it now", "not intolerant", "not a", "im not", "i am not", "stop avoiding"]

    /// Reads preferences from `phrase`. A food word counts only with a cue ("allergic", "don't eat", "again"), so
    /// "I want more meat" is no preference; diet words ("vegetarian") count alone.
    public static func read(_ phrase: MeasureText, table: PreferenceTable) -> PreferenceStatement {
        var statement = PreferenceStatement()
        let named = table.items(in: phrase.words)
        guard !named.isEmpty else { return statement }
        let removing = removalPhrases.contains { phrase.contains($0) }
        let cue: PreferenceRecord.Kind? = phrase.containsAny(allergyWords) ? .allergy
            : phrase.containsAny(intoleranceWords) ? .intolerance
            : phrase.contains("do not") || phrase.containsAny(avoidWords) ? .avoid : nil
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
