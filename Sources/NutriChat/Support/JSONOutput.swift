import Foundation

/// Serialises JSON Lines: one compact object per line, keys sorted for stable output, numbers rounded sensibly.
public enum JSONOutput {
    /// One line of JSON for a dictionary or array of JSON-compatible values.
    public static func line(_ object: Any) -> String {
        guard JSONSerialization.isValidJSONObject(object),
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{\"error\":\"unserialisable output\"}" }
        let text = String(decoding: data, as: UTF8.self)
        // JSONSerialization leaves U+2028, U+2029 and C1 controls raw (valid JSON, but line readers split on them);
        // they can only stand inside strings, so each is replaced by its escape as JSONWriter writes it.
        guard text.unicodeScalars.contains(where: JSONWriter.escapedAsUnicode) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if JSONWriter.escapedAsUnicode(scalar) {
                escaped.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// A number rounded to `places` decimals, as JSON will show it.
    public static func round(_ value: Double, _ places: Int = 1) -> Double {
        // Exact powers of ten for the usual places, without calling `pow` for every number printed.
        let factor: Double
        switch places {
        case 0: factor = 1
        case 1: factor = 10
        case 2: factor = 100
        case 3: factor = 1000
        default: factor = pow(10, Double(places))
        }
        return (value * factor).rounded() / factor
    }
}
