import Foundation
import Testing
import NutriStore
@testable import NutriChat

/// Suggestions lean towards what the last week lacked: the gaps are the insight answers' low vitamins and minerals.
@Suite("Nutrient gaps for suggestions")
struct NutrientGapTests {
    @Test func aLoggedWeekGivesTheLowNutrientsMostMissingFirst() throws {
        let journal = try InsightSeed.journal()
        let chat = try ChatHarness(now: "2026-11-22T12:00:00", journal: journal)
        let gaps = chat.conversation.nutrientGaps()
        #expect(!gaps.isEmpty)
        // The same rule as the insight answers: each gap is under two thirds of its target over the week before today.
        let tables = try InsightTables.load(from: chat.conversation.analyzer.services.data.lexicon)
        let week = try #require(Period.range(from: "2026-11-15", to: "2026-11-21"))
        let intake = NutrientIntake.make(try tables.summary(week, today: "2026-11-22", journal: journal),
                                         table: tables.references, catalog: tables.nutrients)
        let shares = Dictionary(intake.lines.map { ($0.info.key, $0.share) }, uniquingKeysWith: { a, _ in a })
        for key in gaps { #expect((shares[key] ?? 1) < NutrientIntake.lowShare, "\(key)") }
        #expect(gaps.map { shares[$0] ?? 0 } == gaps.map { shares[$0] ?? 0 }.sorted())
    }

    @Test func fewerThanThreeLoggedDaysSteerNothing() throws {
        let chat = try ChatHarness(now: "2026-11-21T08:00:00")
        chat.say("2 glasses of milk")
        let later = try ChatHarness(now: "2026-11-22T12:00:00", journal: chat.journal)
        #expect(later.conversation.nutrientGaps().isEmpty)
    }
}
