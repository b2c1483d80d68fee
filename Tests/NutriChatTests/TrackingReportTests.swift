import Foundation
import NutriData
import NutriStore
import Testing
@testable import NutriChat

/// The `weight` and `profile` command reports, on an in-memory journal.
@Suite("Tracking reports")
struct TrackingReportTests {
    func journal(weights: [(String, Double)]) throws -> Journal {
        let journal = try Journal()
        for (date, kg) in weights { try journal.logWeight(WeightRecord(date: date, kilograms: kg, text: "", createdAt: Date())) }
        return journal
    }

    @Test func weightJSONHasEveryWeighingAndTheTrend() throws {
        let journal = try journal(weights: [("2026-11-01", 82), ("2026-11-08", 81.3), ("2026-11-15", 80.6)])
        let report = try WeightReport.load(from: "2026-11-01", to: "2026-11-21", journal: journal)
        let json = report.json
        guard case .array(let weights)? = json["weights"] else { Issue.record("no weights"); return }
        #expect(weights.count == 3)
        #expect(weights.first?["kg"] == .number(82))
        #expect(weights.first?["lb"] == .number(180.8))
        #expect(json["latest_kg"] == .number(80.6))
        #expect(json["change_per_week_kg"] == .number(-0.7))
        #expect(json["unit"] == .string("kg"))
        let text = report.text()
        #expect(text.contains("●") && text.contains("down 0.7 kg a week"))
    }

    @Test func weightRangesAreChecked() throws {
        let journal = try Journal()
        #expect(throws: StoreError.self) { try WeightReport.load(from: "2026-11-30", to: "2026-11-01", journal: journal) }
        #expect(throws: StoreError.self) { try WeightReport.load(from: "2026-02-30", to: "2026-03-01", journal: journal) }
        #expect(try WeightReport.load(from: "2026-11-01", to: "2026-11-30", journal: journal).text().contains("No weights"))
    }

    @Test(arguments: [("80.5", 80.5), ("80.5kg", 80.5), ("177 lb", 80.2857), ("12 st 4", 78.0179), ("banana", -1), ("5 km", -1)])
    func weightsTypedOnTheCommandLine(text: String, kg: Double) throws {
        let parsed = try WeightReport.kilograms(from: text, lexicon: DataDirectory.bundled.lexicon, units: .metric)
        if kg < 0 { #expect(parsed == nil, "\(text)") } else { #expect(abs((parsed ?? 0) - kg) < 0.001, "\(text)") }
    }

    @Test func profileJSONNamesEachTargetsSource() throws {
        let journal = try journal(weights: [("2026-11-21", 80)])
        var profile = ProfileRecord()
        profile.age = 30
        profile.sex = .male
        profile.heightCm = 180
        profile.activity = .moderate
        profile.goal = .lose
        profile.weeklyRateKg = 0.5
        try journal.saveProfile(profile)
        try journal.setGoal("water_ml", to: 2500, at: Date())
        let json = try ProfileReport.load(date: "2026-11-21", journal: journal).json
        #expect(json["bmr_kcal"] == .number(1780))
        #expect(json["targets"]?["energy_kcal"]?["value"] == .number(2210))
        #expect(json["targets"]?["energy_kcal"]?["source"] == .string("profile"))
        #expect(json["targets"]?["water_ml"]?["source"] == .string("set"))
        #expect(json["missing"] == .array([]))
    }
}
