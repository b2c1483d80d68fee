import Foundation
import NutriLanguage
import NutriStore

/// The words of menu questions from `Lexicon/menu-words.tsv`, as folded phrases, longest first.
struct MenuWords: Sendable {
    /// What a phrase does in a message; the `kind` column of the file.
    enum Kind: String, Sendable, CaseIterable {
        case menu, ask, follow, without, joiner, stop, log
    }

    private var phrases: [Kind: [[String]]] = [:]

    /// Loads `menu-words.tsv` from a lexicon folder; a row of an unknown kind is an error naming its line.
    static func load(from lexicon: URL) throws -> MenuWords {
        var words = MenuWords()
        words.phrases = try PhraseKinds.load(lexicon.appendingPathComponent("menu-words.tsv"), as: Kind.self)
        return words
    }

    /// The length of the longest phrase of `kind` that `words` hold at `index`, if any.
    func length(of kind: Kind, in words: [String], at index: Int) -> Int? {
        (phrases[kind] ?? []).first { MenuReading.holds($0, in: words, at: index) }?.count
    }

    /// Whether a phrase of `kind` appears anywhere in `words`.
    func contains(_ kind: Kind, in words: [String]) -> Bool {
        words.indices.contains { length(of: kind, in: words, at: $0) != nil }
    }
}

/// What a message says about today's menus: the place, meal and dishes it names (the names come from the menus
/// themselves), whether it asks what a menu holds or follows up on the one just talked about, and the allergens
/// to leave out. Read for the router; nil when no menu is imported for today.
struct MenuReading: Equatable, Sendable {
    /// The place named, as the menus name it ("North Hall").
    var place: String?
    /// A meal of today's menus, named or read from a time of day ("tonight" → dinner).
    var meal: String?
    /// The dishes named, each at the place named, else at the place just talked about, else the first place
    /// serving it.
    var dishes: [MenuItem] = []
    /// "menu", "what's on the menu": a menu question on its own.
    var menuWord = false
    /// "what's for …", "what are they serving": a menu question when a place or meal is named too.
    var ask = false
    /// "I had", "ate": a dish named with it is logged.
    var logWord = false
    /// "anything", "there": a follow-up on the menu just talked about.
    var follow = false
    /// Allergens after "without", "free of".
    var without: [String] = []

    /// Reads `words` (folded) against today's `items`; `focus` is the menu just talked about, `analysedMeal` the
    /// meal the analyzer read ("tonight" → "dinner").
    init(words: [String], items: [MenuItem], focus: MenuFocus?, analysedMeal: String?, vocabulary: MenuWords) {
        let places = Self.names(items.map(\.place))
        let meals = Self.names(items.map(\.meal))
        let placeHit = Self.longest(places, in: words)
        place = placeHit?.name
        meal = Self.longest(meals, in: words)?.name ?? meals.first { $0.lowercased() == analysedMeal }
        menuWord = vocabulary.contains(.menu, in: words)
        ask = vocabulary.contains(.ask, in: words)
        follow = vocabulary.contains(.follow, in: words)
        logWord = vocabulary.contains(.log, in: words)
        without = Self.allergens(in: words, vocabulary: vocabulary, names: places + meals)
        dishes = Self.dishes(in: words, items: items, at: place ?? focus?.place, strict: place != nil, meal: meal ?? focus?.meal)
    }

    /// Distinct names, any case.
    static func names(_ all: [String]) -> [String] {
        var seen = Set<String>()
        return all.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Whether `words` hold `phrase` at `index`.
    static func holds(_ phrase: [String], in words: [String], at index: Int) -> Bool {
        !phrase.isEmpty && index + phrase.count <= words.count && Array(words[index..<(index + phrase.count)]) == phrase
    }

    /// The name with the longest folded words that `words` hold, and where.
    static func longest(_ names: [String], in words: [String]) -> (name: String, range: Range<Int>)? {
        var best: (name: String, range: Range<Int>)?
        for name in names {
            let phrase = FoldedWords.words(of: name)
            guard phrase.count > (best?.range.count ?? 0),
                  let start = words.indices.first(where: { holds(phrase, in: words, at: $0) }) else { continue }
            best = (name, start..<(start + phrase.count))
        }
        return best
    }

    /// The dishes named, longest names first and without overlaps; each at `place` when it serves it (only there
    /// when `strict`: a dish named with its place is that place's or none), preferring `meal`.
    static func dishes(in words: [String], items: [MenuItem], at place: String?, strict: Bool, meal: String?) -> [MenuItem] {
        var left = words
        var found: [MenuItem] = []
        while let hit = longest(names(items.map(\.name)), in: left) {
            left.replaceSubrange(hit.range, with: Array(repeating: "", count: hit.range.count))
            let serving = items.filter { $0.name.lowercased() == hit.name.lowercased() }
            let here = serving.filter { place == nil || $0.place.lowercased() == place?.lowercased() }
            let pool = here.isEmpty && !strict ? serving : here
            if let item = pool.first(where: { $0.meal == meal }) ?? pool.first { found.append(item) }
        }
        return found
    }

    /// The allergens after a `without` phrase: words up to a `stop` word, a place or meal, `joiner`s skipped.
    static func allergens(in words: [String], vocabulary: MenuWords, names: [String]) -> [String] {
        guard let start = words.indices.first(where: { vocabulary.length(of: .without, in: words, at: $0) != nil }),
              let cue = vocabulary.length(of: .without, in: words, at: start) else { return [] }
        let named = Set(names.flatMap { FoldedWords.words(of: $0) })
        var found: [String] = []
        var index = start + cue
        while index < words.count, vocabulary.length(of: .stop, in: words, at: index) == nil, !named.contains(words[index]) {
            if let joiner = vocabulary.length(of: .joiner, in: words, at: index) { index += joiner; continue }
            found.append(words[index])
            index += 1
        }
        return found
    }
}

/// The menu just talked about: a day, and the place and meal when one was named or the only one shown. Kept in
/// the dialogue state, so "anything there without peanuts" and "I had the chicken alfredo" follow it.
public struct MenuFocus: Sendable, Codable, Equatable {
    /// The day of the menu (YYYY-MM-DD); a focus of another day is not followed.
    public var date: String
    /// The place, as the menus name it.
    public var place: String?
    /// The meal, as the menus name it.
    public var meal: String?
}
