import Foundation
import NutriStore
import Testing
@testable import NutriServer

extension StoreKind {
    /// A fresh, empty journal: the SQLite `Journal` in memory, or one account's journal in a new PostgreSQL database.
    func makeJournal() async throws -> any JournalStore {
        switch self {
        case .sqlite: return try Journal()
        case .postgres:
            let location = try PostgresLocation(url: await PostgresTestServer.shared.newDatabase())
            let accounts = try PostgresAccountStore(location: location)
            let account = try accounts.createAccount(username: "journal", passwordHash: "h", at: Date())
            return try PostgresJournals(accounts: accounts).store(for: account.id)
        }
    }
}

extension StoreKind {
    /// The journals of two accounts, alice and bob, in one new PostgreSQL database.
    static func twoPostgresJournals(at now: Date) async throws
        -> (accounts: PostgresAccountStore, alice: PostgresJournalStore, bob: PostgresJournalStore) {
        let accounts = try PostgresAccountStore(location: try PostgresLocation(url: await PostgresTestServer.shared.newDatabase()))
        let journals = try PostgresJournals(accounts: accounts)
        let alice = journals.store(for: try accounts.createAccount(username: "alice", passwordHash: "h", at: now).id)
        let bob = journals.store(for: try accounts.createAccount(username: "bob", passwordHash: "h", at: now).id)
        return (accounts, alice, bob)
    }
}

/// The journal store contract (water, exercise, weights), run against the SQLite journal and PostgreSQL alike.
@Suite("Journal store")
struct JournalStoreTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: StoreKind.testable) func waterIsKeptPerDayInLoggingOrder(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let first = try journal.addWater(WaterRecord(date: "2026-11-21", milliliters: 250, text: "a glass", createdAt: now))
        let second = try journal.addWater(WaterRecord(date: "2026-11-21", milliliters: 500, text: "a bottle", createdAt: now))
        try journal.addWater(WaterRecord(date: "2026-11-22", milliliters: 100, text: "a sip", createdAt: now))
        #expect(first.id != nil && second.id != nil && first.id != second.id)
        #expect(try journal.waterRecords(on: "2026-11-21") == [first, second])
        try journal.deleteWater(ids: [try #require(first.id)])
        #expect(try journal.waterRecords(on: "2026-11-21") == [second])
    }

    @Test(arguments: StoreKind.testable) func exerciseIsKeptByDateAndDeletedById(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        func bout(_ date: String, _ activity: String, distance: Double?) -> ExerciseRecord {
            ExerciseRecord(date: date, activity: activity, minutes: 30, distanceKm: distance, met: 8, bodyWeightKg: 70,
                           weightAssumed: distance == nil, kcal: 280, text: "\(activity) 30 min", createdAt: now)
        }
        let late = try journal.addExercise(bout("2026-11-22", "running", distance: 5))
        let early = try journal.addExercise(bout("2026-11-20", "cycling", distance: nil))
        #expect(try journal.exercise(from: "2026-11-20", to: "2026-11-22") == [early, late])
        #expect(try journal.exercise(from: "2026-11-21", to: "2026-11-21").isEmpty)
        #expect(try journal.deleteExercise(ids: [try #require(early.id), 999_999]) == 1)
        #expect(try journal.exercise(from: "2026-11-01", to: "2026-11-30") == [late])
    }

    @Test(arguments: StoreKind.testable) func aDayHasOneWeightAndTheNewOneReplacesTheOld(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let (first, none) = try journal.logWeight(WeightRecord(date: "2026-11-20", kilograms: 81, text: "81 kg", createdAt: now))
        #expect(none == nil)
        let (second, replaced) = try journal.logWeight(WeightRecord(date: "2026-11-20", kilograms: 80.5, text: "80.5 kg", createdAt: now))
        #expect(replaced == first && second.id != nil)
        try journal.logWeight(WeightRecord(date: "2026-11-18", kilograms: 82, text: "82 kg", createdAt: now))
        #expect(try journal.weights(from: "2026-11-01", to: "2026-11-30").map(\.kilograms) == [82, 80.5])
        #expect(try journal.latestWeight(onOrBefore: "2026-11-19")?.kilograms == 82)
        #expect(try journal.latestWeight(onOrBefore: "2026-11-01") == nil)
        #expect(try journal.deleteWeight(on: "2026-11-20") == second)
        #expect(try journal.deleteWeight(on: "2026-11-20") == nil)
    }

    @Test(arguments: StoreKind.testable) func bothStoresRefuseTheSameBadRecords(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let bad: [() throws -> Void] = [
            { try journal.addWater(WaterRecord(date: "2026-11-21", milliliters: -5, text: "", createdAt: self.now)) },
            { try journal.addWater(WaterRecord(date: "2026-11-21", milliliters: .nan, text: "", createdAt: self.now)) },
            { try journal.addWater(WaterRecord(date: "yesterday", milliliters: 200, text: "", createdAt: self.now)) },
            { try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: 2_000, text: "", createdAt: self.now)) },
            { try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: 70, text: "a\u{7}b", createdAt: self.now)) },
            { try journal.addExercise(ExerciseRecord(date: "2026-11-21", activity: "running", minutes: .infinity, distanceKm: nil,
                                                      met: 8, bodyWeightKg: 70, weightAssumed: false, kcal: 1, text: "",
                                                      createdAt: self.now)) },
        ]
        for (index, write) in bad.enumerated() {
            #expect(throws: (any Error).self, "bad record \(index)") { try write() }
        }
        #expect(try journal.waterRecords(on: "2026-11-21").isEmpty)
        #expect(try journal.weights(from: "2026-01-01", to: "2026-12-31").isEmpty)
        #expect(try journal.exercise(from: "2026-01-01", to: "2026-12-31").isEmpty)
    }

    @Test(.enabled(if: PostgresTestServer.available, PostgresTestServer.skipReason))
    func onPostgresOneAccountNeverSeesAnothersRecordsAndDeletingTheAccountDeletesThem() async throws {
        let (accounts, alice, bob) = try await StoreKind.twoPostgresJournals(at: now)
        let water = try alice.addWater(WaterRecord(date: "2026-11-21", milliliters: 250, text: "glass", createdAt: now))
        try alice.logWeight(WeightRecord(date: "2026-11-21", kilograms: 60, text: "60 kg", createdAt: now))
        #expect(try bob.waterRecords(on: "2026-11-21").isEmpty)
        try bob.deleteWater(ids: [try #require(water.id)])
        #expect(try bob.deleteWeight(on: "2026-11-21") == nil)
        #expect(try alice.waterRecords(on: "2026-11-21") == [water], "bob's deletes never reach alice's rows")
        try accounts.deleteAccount(id: alice.accountID)
        #expect(try alice.waterRecords(on: "2026-11-21").isEmpty)
        #expect(try alice.weights(from: "2026-01-01", to: "2026-12-31").isEmpty)
    }
}
