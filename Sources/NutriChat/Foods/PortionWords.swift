import Foundation
import NutriLanguage

/// The words the portion resolver reads, from `portion-words.tsv`.
struct PortionWords: Sendable {
    /// Units that mean one serving, not a count ("serving", "helping").
    let serving: Set<String>
    /// The container a snack's one-ounce serving is sold in ("bag"): a sized serving of it is sized like it.
    let ounceServing: String
    /// Units a size word may come with and still size a shop's drink ("a large cup of coffee").
    let drinkSizeUnits: Set<String>
    /// Words of a drink's USDA name that size it by coffee-shop cups.
    let coffeeShop: Set<String>
    /// USDA measure words for "a/one <food>", in order of preference.
    let defaultMeasures: [String]
    /// First words of the USDA measure that serves foods counted in small pieces ("cup", "oz").
    let smallPieces: Set<String>
    /// Size words in USDA measure names ("miniature", "fun"): a measure without them is the plain one.
    let sizeQualifiers: Set<String>
    /// Everyday portions cut from a whole food ("slice", "piece", "wedge").
    let partsOfWhole: Set<String>
    /// Words saying the whole of such a food is meant ("whole").
    let wholeWords: Set<String>

    /// Reads `url`, a `phrase`/`kind` table; the `default-measure` rows keep their file order.
    init(contentsOf url: URL) throws {
        let table = try TSVTable(contentsOf: url, required: ["phrase", "kind"])
        let kinds = try WordKinds(table, kinds: ["serving", "ounce-serving", "drink-size-unit", "coffee-shop", "default-measure",
                                                 "small-pieces", "size-qualifier", "part-of-whole", "whole"])
        serving = kinds["serving"]
        ounceServing = kinds["ounce-serving"].first ?? "bag"
        drinkSizeUnits = kinds["drink-size-unit"]
        coffeeShop = kinds["coffee-shop"]
        defaultMeasures = table.rows.filter { $0["kind"] == "default-measure" }.map { $0["phrase"].lowercased() }
        smallPieces = kinds["small-pieces"]
        sizeQualifiers = kinds["size-qualifier"]
        partsOfWhole = kinds["part-of-whole"]
        wholeWords = kinds["whole"]
    }
}
