import Foundation

/// Exact conversion factors between metric and imperial units, and the splits people say ("5 ft 10", "12 st 4").
public enum UnitConversion {
    /// Kilograms in one pound (exact, by definition).
    public static let kilogramsPerPound = 0.45359237
    /// Kilograms in one stone (14 lb).
    public static let kilogramsPerStone = 14 * kilogramsPerPound
    /// Centimeters in one inch (exact).
    public static let centimetersPerInch = 2.54
    /// Kilometers in one mile (exact).
    public static let kilometersPerMile = 1.609344
    /// Milliliters in one US fluid ounce.
    public static let millilitersPerFluidOunce = 29.5735295625

    /// Pounds in `kilograms`.
    public static func pounds(fromKilograms kilograms: Double) -> Double { kilograms / kilogramsPerPound }

    /// Kilograms in `pounds`.
    public static func kilograms(fromPounds pounds: Double) -> Double { pounds * kilogramsPerPound }

    /// Centimeters in `feet` and `inches`.
    public static func centimeters(feet: Double, inches: Double = 0) -> Double {
        (feet * 12 + inches) * centimetersPerInch
    }

    /// Whole feet and rounded inches in `centimeters` (177.8 → 5 ft 10 in; 182.9 → 6 ft 0 in, never 5 ft 12 in).
    public static func feetAndInches(fromCentimeters centimeters: Double) -> (feet: Int, inches: Int) {
        // Heights come from people and files: a non-finite or absurd value gives 0 ft 0 in rather than a trap.
        let totalInches = Int(exactly: (centimeters / centimetersPerInch).rounded()) ?? 0
        return (totalInches / 12, totalInches % 12)
    }

    /// Miles in `kilometers`.
    public static func miles(fromKilometers kilometers: Double) -> Double { kilometers / kilometersPerMile }

    /// US fluid ounces in `milliliters`.
    public static func fluidOunces(fromMilliliters milliliters: Double) -> Double {
        milliliters / millilitersPerFluidOunce
    }
}
