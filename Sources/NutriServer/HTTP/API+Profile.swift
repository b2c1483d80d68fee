import Foundation
import Hummingbird
import NutriChat
import NutriStore

/// Goals and the profile over HTTP: `GET` answers what chat and `nutrichat profile --json` show; `PUT` changes the
/// fields given (a number or a word sets, `null` clears) in one transaction, with chat's ranges and the journal's
/// checks, so either every field of a request is saved or none is.
extension API {
    /// `GET /v1/goals`: the goals set directly and today's targets with their sources.
    func goals(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let today = self.today
        return try await onJournal(account) { try Self.goalsJSON(journal: $0.journal, today: today) }
    }

    /// `PUT /v1/goals` `{"energy_kcal": 1800, "water_ml": null}`: sets or clears goals; answers as `GET`.
    func setGoals(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let fields = try await reader.object(request)
        try fields.allowOnly(GoalRecord.keys)
        guard !fields.object.isEmpty else { throw APIError.badRequest("give at least one goal (\(GoalRecord.keys.joined(separator: ", ")))") }
        var given: [String: Double] = [:]
        for key in GoalRecord.keys where fields.has(key) && !fields.isNull(key) {
            given[key] = try fields.number(key, in: 0...1_000_000)
        }
        let set = given
        let clearing = GoalRecord.keys.filter(fields.isNull)
        let (today, now) = (self.today, self.now)
        return try await onJournal(account) { conversation in
            try conversation.journal.saveSettings(profile: nil, weight: nil, goals: set, clearing: clearing, at: now)
            return try Self.goalsJSON(journal: conversation.journal, today: today)
        }
    }

    static func goalsJSON(journal: any JournalStore, today: String) throws -> JSONValue {
        let goals = try journal.goals()
        let report = try ProfileReport.load(date: today, journal: journal)
        return .object([("date", .string(today)),
                        ("goals", .object(GoalRecord.keys.compactMap { key in goals[key].map { (key, .rounded($0)) } })),
                        ("targets", report.targetsJSON)])
    }

    /// `GET /v1/profile`: the `profile --json` object.
    func profile(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let today = self.today
        return try await onJournal(account) { try ProfileReport.load(date: today, journal: $0.journal).json }
    }

    /// `PUT /v1/profile` with any of the `profile --json` fields that are set rather than derived; answers as `GET`.
    func setProfile(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let fields = try await reader.object(request)
        try fields.allowOnly(ProfileChange.keys)
        guard !fields.object.isEmpty else { throw APIError.badRequest("give at least one of \(ProfileChange.keys.joined(separator: ", "))") }
        let change = try ProfileChange(fields, today: today)
        let (today, now) = (self.today, self.now)
        return try await onJournal(account) { conversation in
            let journal = conversation.journal
            var profile = try journal.profile()
            change.apply(to: &profile, today: today)
            profile.updatedAt = now
            try journal.saveSettings(profile: profile, weight: nil, goals: [:], clearing: [], at: now)
            return try ProfileReport.load(date: today, journal: journal).json
        }
    }
}

/// The fields of a `PUT /v1/profile`, read and checked against the ranges chat accepts (an adult's age, a
/// height of 90 to 250 cm, a target weight of 25 to 400 kg); a field absent stays, `null` clears it.
struct ProfileChange: Sendable {
    static let keys = ["birth_date", "age", "sex", "height_cm", "activity", "goal", "weekly_rate_kg", "target_weight_kg", "units"]

    /// Each given field: `.some(nil)` clears it.
    var birthDate: String??
    var age: Int??
    var sex: ProfileRecord.Sex??
    var heightCm: Double??
    var activity: ProfileRecord.Activity??
    var goal: ProfileRecord.WeightGoal??
    var weeklyRateKg: Double??
    var targetWeightKg: Double??
    var units: ProfileRecord.Units??

    init(_ fields: JSONFields, today: String) throws {
        func number(_ key: String, _ range: ClosedRange<Double>) throws -> Double?? {
            fields.has(key) ? .some(try fields.optionalNumber(key, in: range)) : .none
        }
        birthDate = fields.has("birth_date") ? .some(try Self.birthDate(fields, today: today)) : .none
        let years = try number("age", Double(ProfileStatement.adultAges.lowerBound)...Double(ProfileStatement.adultAges.upperBound))
        if let years = years, let value = years, value != value.rounded() { throw APIError.badRequest("'age' must be whole years") }
        age = years.map { $0.map { Int($0) } }
        guard !(birthDate != nil && age != nil) else { throw APIError.badRequest("give 'birth_date' or 'age', not both") }
        sex = try Self.choice(fields, "sex", ProfileRecord.Sex.self)
        heightCm = try number("height_cm", ProfileStatement.heights)
        activity = try Self.choice(fields, "activity", ProfileRecord.Activity.self)
        goal = try Self.choice(fields, "goal", ProfileRecord.WeightGoal.self)
        weeklyRateKg = try number("weekly_rate_kg", 0...1.5)
        targetWeightKg = try number("target_weight_kg", ProfileStatement.weights)
        units = try Self.choice(fields, "units", ProfileRecord.Units.self)
    }

    /// Sets the given fields; an age replaces a birth date and the other way round, as in chat.
    func apply(to profile: inout ProfileRecord, today: String) {
        if let birthDate {
            profile.birthDate = birthDate
            if birthDate != nil { (profile.age, profile.ageDate) = (nil, nil) }
        }
        if let age {
            (profile.age, profile.ageDate) = (age, age == nil ? nil : today)
            if age != nil { profile.birthDate = nil }
        }
        if let sex { profile.sex = sex }
        if let heightCm { profile.heightCm = heightCm }
        if let activity { profile.activity = activity }
        if let goal { profile.goal = goal }
        if let weeklyRateKg { profile.weeklyRateKg = weeklyRateKg }
        if let targetWeightKg { profile.targetWeightKg = targetWeightKg }
        if let units { profile.units = units }
    }

    /// A birth date that gives an adult's age today.
    private static func birthDate(_ fields: JSONFields, today: String) throws -> String? {
        guard let text = try RequestValues.date(fields.optionalString("birth_date", maxLength: 10), name: "birth_date") else { return nil }
        guard let years = DayArithmetic.wholeYears(from: text, to: today), ProfileStatement.adultAges.contains(years) else {
            throw APIError.badRequest("'birth_date' must give an age from \(ProfileStatement.adultAges.lowerBound) to \(ProfileStatement.adultAges.upperBound)")
        }
        return text
    }

    /// One of an enumeration's words.
    private static func choice<T: RawRepresentable & CaseIterable>(_ fields: JSONFields, _ key: String, _: T.Type) throws -> T??
    where T.RawValue == String {
        guard fields.has(key) else { return .none }
        guard let word = try fields.optionalString(key, maxLength: 20) else { return .some(nil) }
        guard let value = T(rawValue: word) else {
            throw APIError.badRequest("'\(key)' must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return .some(value)
    }
}
