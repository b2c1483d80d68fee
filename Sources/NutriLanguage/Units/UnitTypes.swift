import Foundation

/// What a unit measures.
public enum UnitKind: String, Sendable, CaseIterable {
    /// Weight: gram, ounce, pound…
    case mass
    /// Volume: milliliter, cup, fluid ounce…
    case volume
    /// A countable piece of food: slice, clove, handful…
    case portion
    /// Something food comes in: can, bottle, glass, bowl…
    case container
    /// A size word: small, medium, large…
    case size
}

/// A canonical unit and what it is worth.
public struct UnitDefinition: Sendable, Equatable {
    /// The canonical name ("tablespoon", "slice").
    public let canonical: String
    /// What the unit measures.
    public let kind: UnitKind
    /// Grams in one unit, for mass units.
    public let grams: Double?
    /// Milliliters in one unit, for volume units; a typical volume for containers ("glass" 240).
    public let milliliters: Double?

    /// Creates a definition.
    public init(canonical: String, kind: UnitKind, grams: Double? = nil, milliliters: Double? = nil) {
        self.canonical = canonical
        self.kind = kind
        self.grams = grams
        self.milliliters = milliliters
    }

    /// Whether the unit is a weight or volume measure rather than a piece, container or size.
    public var isMeasure: Bool { kind == .mass || kind == .volume }
}

/// A quantity of a canonical unit, e.g. 15 ounce.
public struct Measure: Sendable, Equatable {
    /// How many units.
    public var quantity: Double
    /// The canonical unit.
    public var unit: String

    /// Creates a measure.
    public init(quantity: Double, unit: String) {
        self.quantity = quantity
        self.unit = unit
    }
}

/// An amount as a person stated it: a number, a unit, a size and the content of one package.
public struct Amount: Sendable, Equatable {
    /// The number stated, nil when none was ("some rice"); the mean of a range.
    public var quantity: Double?
    /// The range when one was stated ("2-3" → 2...3).
    public var range: ClosedRange<Double>?
    /// The canonical unit, nil when none was named ("a banana").
    public var unit: String?
    /// The size word ("a large coffee" → large; "a large cup of coffee" → unit cup, size large).
    public var size: String?
    /// The content of ONE unit: "1 (15 ounce) can" and "a 20 fl oz bottle" give 15 ounce and 20 fluid ounce.
    public var package: Measure?
    /// Whether the quantity came from "a", "an" or "some" rather than a number.
    public var isImplicit: Bool

    /// Creates an amount.
    public init(quantity: Double? = nil, range: ClosedRange<Double>? = nil, unit: String? = nil, size: String? = nil,
                package: Measure? = nil, isImplicit: Bool = false) {
        self.quantity = quantity
        self.range = range
        self.unit = unit
        self.size = size
        self.package = package
        self.isImplicit = isImplicit
    }

    /// Whether anything at all was stated.
    public var isEmpty: Bool { quantity == nil && unit == nil && size == nil && package == nil && !isImplicit }
}
