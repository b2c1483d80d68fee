import Foundation

/// Lowercases, folds diacritics and splits food names into words, the same way for queries, aliases and USDA names.
public enum TextFolding {
    /// "Café Latte, 2%-fat & more" → ["cafe", "latte", "2%", "fat", "and", "more"].
    public static func words(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || scalar == "%" || (scalar == "'" && !current.isEmpty) {
                if scalar != "'" { current.unicodeScalars.append(scalar) }
            } else {
                if !current.isEmpty { words.append(current); current = "" }
                if scalar == "&" { words.append("and") }
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
