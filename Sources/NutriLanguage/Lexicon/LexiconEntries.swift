import Foundation

/// A number word from `numbers.tsv`.
struct NumberWord: Sendable, Equatable {
    enum Kind: String, Sendable { case cardinal, tens, scale, article, fraction, collective, vague }
    let value: Double?
    let kind: Kind
}

/// What `filler-words.tsv` says to do with a phrase.
enum FillerAction: String, Sendable { case drop, clause, remark }

/// Where an amount modifier from `amount-modifiers.tsv` may stand.
enum ModifierPosition: String, Sendable { case approximate, unit, dimension }

/// A meal phrase from `meals.tsv`.
struct MealPhrase: Sendable, Equatable {
    let meal: MealSlot
    let dayOffset: Int?
}

/// A date word from `dates.tsv`.
enum DateWord: Sendable, Equatable {
    /// A fixed offset in days ("yesterday" = -1).
    case offset(Int)
    /// A weekday, 1 = Sunday.
    case weekday(Int)
    /// Days per unit in "<n> days ago".
    case span(Int)
}

/// How a connector joins what follows to what came before.
enum ConnectorKind: String, Sendable {
    /// A new item: "eggs and toast", "a burger paired with fries".
    case join
    /// "with": a part of the item before only when that item was weighed ("175 g of chicken with its coating").
    case with
    /// "filled with", "made with", "complete with": a part of a dish ("a burrito packed with meat and beans") or of a
    /// weighed item.
    case part
}
