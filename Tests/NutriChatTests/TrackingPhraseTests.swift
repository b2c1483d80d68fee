import Foundation
import NutriData
import Testing
import NutriLanguage
@testable import NutriChat

/// Exercises read from messages (measures themselves are NutriLanguage's corpora: durations, distances, body measures).
@Suite("Tracking phrases")
struct TrackingPhraseTests {
    static let language: LanguageLexicon? = try? LanguageLexicon.load(from: DataDirectory.bundled.lexicon)
    static let exercises: ExerciseTable? = try? ExerciseTable.load(from: DataDirectory.bundled.lexicon)

    func phrase(_ text: String) throws -> MeasureText {
        MeasureText(text, lexicon: try #require(Self.language))
    }

    @Test(arguments: [
        ("ran 5 km", "running", 30.93, 5.0), ("30 minutes of yoga", "yoga", 30, nil),
        ("cycled for an hour", "cycling", 60, nil), ("walked 3 miles", "walking", 60.35, 4.828),
        ("swam for 45 minutes", "swimming", 45, nil), ("did 20 minutes of weight lifting", "weight lifting", 20, nil),
        ("played tennis for an hour", "tennis", 60, nil), ("a 45 minute brisk walk", "brisk walking", 45, nil),
        ("went for a 5k run", "running", 30.93, 5.0), ("hiit for 20 min", "circuit training", 20, nil),
        ("ran 5 km in 25 minutes", "running", 25, 5.0), ("ran 5k in 28 minutes", "running", 28, 5.0), ("walked 10000 steps", "walking", 95.25, 7.62),
        ("1.5 hours of hiking", "hiking", 90, nil), ("ping pong for half an hour", "table tennis", 30, nil),
    ] as [(String, String, Double, Double?)])
    func exercises(text: String, activity: String, minutes: Double, km: Double?) throws {
        let table = try #require(Self.exercises)
        let reading = try ExerciseReading.read(try phrase(text), table: table).get()
        #expect(reading.activity.name == activity, "\(text)")
        #expect(abs(reading.minutes - minutes) < 0.01, "\(text): \(reading.minutes)")
        #expect(reading.distanceKm.map { abs($0 - (km ?? -1)) < 0.01 } ?? (km == nil), "\(text)")
    }

    @Test func metComesFromTheSpeedWhenDistanceAndTimeAreBothStated() throws {
        let table = try #require(Self.exercises)
        let fast = try ExerciseReading.read(try phrase("ran 5 km in 25 minutes"), table: table).get()
        #expect(fast.met == 11.0)
        let plain = try ExerciseReading.read(try phrase("ran 5 km"), table: table).get()
        #expect(plain.met == 9.8)
        #expect(abs(plain.kcal(weightKg: 70) - 9.8 * 70 * 5 / 9.7) < 0.01)
    }

    @Test func badExercisesAreRefused() throws {
        let table = try #require(Self.exercises)
        #expect(throws: ExerciseReading.Problem.self) { try ExerciseReading.read(try phrase("I exercised"), table: table).get() }
        #expect(throws: ExerciseReading.Problem.self) { try ExerciseReading.read(try phrase("went swimming"), table: table).get() }
        #expect(throws: ExerciseReading.Problem.self) { try ExerciseReading.read(try phrase("ran for 30 hours"), table: table).get() }
        #expect(throws: ExerciseReading.Problem.self) { try ExerciseReading.read(try phrase("ran 50 km in 10 minutes"), table: table).get() }
        #expect(throws: ExerciseReading.Problem.self) { try ExerciseReading.read(try phrase("5 km of yoga"), table: table).get() }
        #expect(throws: ExerciseReading.Problem.self) { try ExerciseReading.read(try phrase("ran 0 km"), table: table).get() }
    }

    @Test func theExerciseTableHasAtLeastFortyActivities() throws {
        let table = try #require(Self.exercises)
        #expect(table.activities.count >= 40)
        #expect(table.activities.values.allSatisfy { $0.met >= 1 && $0.met <= 20 })
    }
}
