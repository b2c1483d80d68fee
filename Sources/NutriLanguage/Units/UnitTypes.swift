import Foundation

/// What a unit measures: its dimension (the `dimension` column of `units.tsv`).
public enum UnitKind: String, Sendable, CaseIterable {
    /// Weight: gram, ounce, pound… (base: gram)
    case mass
    /// Volume: milliliter, cup, fluid ounce… (base: milliliter)
    case volume
    /// A countable piece of food: slice, clove, handful…
    case portion
    /// Something food comes in: can, bottle, glass, bowl… (a typical volume in milliliters, when it has one)
    case container
    /// A size word: small, medium, large…
    case size
    /// Heights, distances and steps: centimeter, foot, kilometer, mile… (base: meter)
    case length
    /// Durations: second, minute, hour (base: minute)
    case duration
    /// Energy: kilocalorie, kilojoule (base: kilocalorie)
    case energy

    /// Whether a food's amount can be stated in this dimension ("m", "in" and "h" are never a food's unit).
    public var isFood: Bool {
        switch self {
        case .mass, .volume, .portion, .container, .size: return true
        case .length, .duration, .energy: return false
        }
    }
}

/// The body measure a unit states (`body` in `units.tsv`): "80 kg" is a body weight, "150 g" never is.
public enum BodyMeasure: String, Sendable {
    case weight, height
}

/// A canonical unit and what it is worth.
public struct UnitDefinition: Sendable, Equatable {
    /// The canonical name ("tablespoon", "slice").
    public let canonical: String
    /// What the unit measures.
    public let kind: UnitKind
    /// The unit in its dimension's base (grams, milliliters, meters, minutes, kcal); nil for pieces and sizes.
    public let factor: Double?
    /// The unit this one means for a drink ("ounce" → "fluid ounce").
    public let drinkUnit: String?
    /// The body measure the unit states, if any.
    public let body: BodyMeasure?
    /// The unit a bare number after this one means ("foot" → "inch" in "5 ft 10").
    public let part: String?

    /// Creates a definition.
    public init(canonical: String, kind: UnitKind, factor: Double? = nil, drinkUnit: String? = nil,
                body: BodyMeasure? = nil, part: String? = nil) {
        self.canonical = canonical
        self.kind = kind
        self.factor = factor
        self.drinkUnit = drinkUnit
        self.body = body
        self.part = part
    }

    /// Creates a food unit from its grams or milliliters.
    public init(canonical: String, kind: UnitKind, grams: Double? = nil, milliliters: Double? = nil) {
        self.init(canonical: canonical, kind: kind, factor: kind == .mass ? grams : milliliters)
    }

    /// Grams in one unit, for mass units.
    public var grams: Double? { kind == .mass ? factor : nil }
    /// Milliliters in one unit, for volume units; a typical volume for containers ("glass" 240).
    public var milliliters: Double? { kind == .volume || kind == .container ? factor : nil }

    /// Whether the unit is a weight or volume measure rather than a piece, container or size.
    public var isMeasure: Bool { kind == .mass || kind == .volume }
}

/// A quantity of a canonical unit, e.g. 15 ounce.
public struct Measure: Sendable, Equatable, Codable {
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
public struct Amount: Sendable, Equatable, Codable {
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
