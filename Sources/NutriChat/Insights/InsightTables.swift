import Foundation
import NutriStore

/// The data tables insights read from `Lexicon/`: nutrient names, the Dietary Reference Intakes, derived nutrients,
/// the parts of the day and the chat's cue words. Loaded once per process (or per conversation).
public struct InsightTables: Sendable {
    /// Every nutrient NutriChat names, derived ones (vitamin A as RAE) last.
    public var nutrients: [NutrientInfo]
    public var references: IntakeReferenceTable
    public var derived: DerivedNutrients
    public var times: TimeOfDayBands

    /// Reads the tables from a lexicon folder.
    public static func load(from lexicon: URL) throws -> InsightTables {
        let derived = try DerivedNutrients.load(from: lexicon)
        let catalog = try ReferenceCatalogs.load(from: lexicon).nutrients
        // A derived nutrient is shown where its first part is (vitamin A's RAE beside vitamin A).
        let placed = derived.definitions.map { definition -> NutrientInfo in
            var info = definition.info
            info.id = definition.parts.compactMap { part in catalog.first { $0.key == part.key }?.id }.min() ?? info.id
            return info
        }
        return InsightTables(nutrients: catalog + placed,
                             references: try IntakeReferenceTable.load(from: lexicon), derived: derived,
                             times: try TimeOfDayBands.load(from: lexicon))
    }

    /// The summary of `period` up to `today`.
    public func summary(_ period: Period, today: String, journal: any JournalStore) throws -> PeriodSummary {
        try PeriodSummary.load(period, today: today, journal: journal, derived: derived)
    }

    /// The nutrient with key `key`.
    public func nutrient(_ key: String) -> NutrientInfo? { nutrients.first { $0.key == key } }
}
