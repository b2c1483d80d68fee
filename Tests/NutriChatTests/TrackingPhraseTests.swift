import Foundation
import NutriData
import Testing
@testable import NutriChat

/// Measures in tracking messages: units, compounds and word numbers, as a corpus of inputs → one base value.
@Suite("Tracking phrases")
struct TrackingPhraseTests {
    static let units: TrackingUnits? = try? TrackingUnits.load(from: DataDirectory.bundled.lexicon)
    static let exercises: ExerciseTable? = try? ExerciseTable.load(from: DataDirectory.bundled.lexicon)

    func phrase(_ text: String) throws -> TrackingPhrase {
        TrackingPhrase(text, units: try #require(Self.units))
    }

    @Test(arguments: [
        ("180 cm", TrackingDimension.length, 1.8), ("180cm tall", .length, 1.8), ("1.8 m", .length, 1.8),
        ("5'10", .length, 1.778), ("5' 10\"", .length, 1.778), ("5 ft 10 in", .length, 1.778), ("5 foot 10", .length, 1.778),
        ("six foot one", .length, 1.8542), ("6’1”", .length, 1.8542), ("5 feet", .length, 1.524),
        ("80 kg", .mass, 80), ("80kg", .mass, 80), ("180 lb", .mass, 81.6466), ("180 lbs", .mass, 81.6466),
        ("12 st 4 lb", .mass, 78.0179), ("12 stone 4", .mass, 78.0179), ("half a kilo", .mass, 0.5),
        ("150 g", .mass, 0.15), ("1,5 kg", .mass, 1.5), ("seventy five kilos", .mass, 75),
        ("30 minutes", .duration, 30), ("an hour", .duration, 60), ("an hour and a half", .duration, 90),
        ("one and a half hours", .duration, 90), ("1 hour 30", .duration, 90), ("1h30", .duration, 90),
        ("2 hours and 15 minutes", .duration, 135), ("half an hour", .duration, 30), ("45 mins", .duration, 45),
        ("a quarter of an hour", .duration, 15), ("three quarters of an hour", .duration, 45), ("1 1/2 hours", .duration, 90),
        ("5 km", .length, 5000), ("5k", .length, 5000), ("3 miles", .length, 4828.032), ("10k steps", .length, 7620),
        ("1500 m", .length, 1500), ("2 liters", .volume, 2000), ("2 l", .volume, 2000), ("64 oz", .volume, 1892.7),
        ("8 glasses", .volume, 1920), ("1,800 kcal", .energy, 1800), ("1800 calories", .energy, 1800),
    ])
    func measures(text: String, dimension: TrackingDimension, base: Double) throws {
        let measures = try phrase(text).measures
        #expect(measures.count == 1, "\(text)")
        #expect(measures.first?.dimension == dimension, "\(text)")
        #expect(abs((measures.first?.base ?? 0) - base) < 0.01, "\(text): \(measures.first?.base ?? -1)")
    }

    @Test(arguments: ["a day", "a week", "I had a banana", "per week", "vitamin b12", "I'm 30"])
    func noMeasures(text: String) throws {
        #expect(try phrase(text).measures.isEmpty, "\(text)")
    }

    @Test func bareNumbersAndWords() throws {
        let age = try phrase("I'm a 30 year old man, 180 cm tall")
        #expect(age.bareNumbers.map(\.value) == [30])
        #expect(age.words.starts(with: ["im", "a", "30", "year", "old", "man"]))
        #expect(try phrase("twenty five").bareNumbers.map(\.value) == [25])
        #expect(try phrase("two hundred and ten").bareNumbers.map(\.value) == [210])
        #expect(try phrase("I don't eat pork").words == ["i", "dont", "eat", "pork"])
    }

    @Test(arguments: [
        ("ran 5 km", "running", 30.93, 5.0), ("30 minutes of yoga", "yoga", 30, nil),
        ("cycled for an hour", "cycling", 60, nil), ("walked 3 miles", "walking", 60.35, 4.828),
        ("swam for 45 minutes", "swimming", 45, nil), ("did 20 minutes of weight lifting", "weight lifting", 20, nil),
        ("played tennis for an hour", "tennis", 60, nil), ("a 45 minute brisk walk", "brisk walking", 45, nil),
        ("went for a 5k run", "running", 30.93, 5.0), ("hiit for 20 min", "circuit training", 20, nil),
        ("ran 5 km in 25 minutes", "running", 25, 5.0), ("walked 10000 steps", "walking", 95.25, 7.62),
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
