import Foundation

extension Conversation {
    /// How many logged days of the last week a gap needs before it steers suggestions: one light day says nothing.
    static let gapDaysNeeded = 3

    /// Nutrient keys the person is short of lately, most missing first: suggestions that name no nutrient prefer
    /// foods rich in the first of them.
    ///
    /// A gap is a vitamin or mineral under two thirds of its Dietary Reference Intake (`Lexicon/dri.tsv`, the same
    /// rule as "what vitamins am I missing") over the seven days before today, which is still being eaten. A nutrient
    /// no logged food supplied at all is left out: SR24 lacks it for most foods (fluoride), so the gap says more
    /// about the data than about the diet.
    func nutrientGaps() -> [String] {
        guard let tables = try? InsightTables.load(from: analyzer.services.data.lexicon),
              let start = DayArithmetic.adding(-7, to: today), let end = DayArithmetic.adding(-1, to: today),
              let period = Period.range(from: start, to: end),
              let summary = try? tables.summary(period, today: today, journal: journal),
              summary.loggedDays.count >= Self.gapDaysNeeded else { return [] }
        let intake = NutrientIntake.make(summary, table: tables.references, catalog: tables.nutrients)
        return intake.lines.filter { $0.low && !$0.sources.isEmpty }
            .sorted { ($0.share, $0.info.key) < ($1.share, $1.info.key) }
            .map(\.info.key)
    }
}
