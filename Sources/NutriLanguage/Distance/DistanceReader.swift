import Foundation

/// Distances: "5 km", "5k", "3 miles", "1500 m", "10k steps" (a 0.762 m stride) → meters.
///
/// Rules: `<number> <length unit>`, `<n>k <length unit>` (a thousand); units from `units.tsv` (dimension length).
/// Negatives: "vitamin b12", "I'm 30", "per week".
public enum DistanceReader {
    /// The first distance stated, in meters.
    public static func meters(in text: MeasureText) -> Double? { stated(in: text)?.amount }

    /// The first distance measure, signed and as written ("-5 km"), for a reader that refuses it.
    public static func stated(in text: MeasureText) -> MeasureText.Measure? {
        text.measures.first { $0.dimension == .length }
    }
}
