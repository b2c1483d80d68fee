import Foundation
import Hummingbird
import NutriChat
import NutriStore

/// The routes over an account's journal beyond chat and the diary: the report, weights, water, goals, the profile,
/// custom foods and recipes. Each reads and writes through the journal code the CLI and chat use; what the journal
/// or a reader refuses is a 400 naming the value.
extension API {
    /// The longest report period, in days (a year, with a leap day).
    static let maximumReportDays = 366

    /// Adds the journal routes.
    func registerJournal(on v1: RouterGroup<ServerContext>) {
        v1.get("report") { request, _ in try await report(request) }
        v1.get("weight") { request, _ in try await weights(request) }
        v1.post("weight") { request, _ in try await addWeight(request) }
        v1.delete("weight/{date}") { request, context in try await deleteWeight(request, context) }
        v1.get("water") { request, _ in try await water(request) }
        v1.post("water") { request, _ in try await addWater(request) }
        v1.get("goals") { request, _ in try await goals(request) }
        v1.put("goals") { request, _ in try await setGoals(request) }
        v1.get("profile") { request, _ in try await profile(request) }
        v1.put("profile") { request, _ in try await setProfile(request) }
        registerUserFoods(on: v1)
    }

    /// Runs `body` on the account's journal and answers its JSON; a value the journal or a reader refuses is 400.
    func onJournal(_ account: Account, status: HTTPResponse.Status = .ok,
                   _ body: @escaping @Sendable (Conversation) throws -> JSONValue) async throws -> Response {
        do {
            let json = try await engine.withConversation(of: account) { conversation in
                defer { Engine.logDamage(conversation.journal) }
                return try body(conversation).serialized
            }
            return JSONBody.response(json, status: status)
        } catch StoreError.invalidValue(let message) {
            throw APIError.badRequest(message)
        } catch let error as UserFacingError {
            throw APIError.badRequest(error.description)
        }
    }

    /// Today on the server's clock.
    var today: String { settings.clock().reference.isoDate }

    /// `GET /v1/report?from=&to=`: the `report --json` object; the current week without `from`.
    func report(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let query = request.uri.queryParameters
        let from = try RequestValues.date(query.get("from"), name: "from")
        let to = try RequestValues.date(query.get("to"), name: "to")
        let today = self.today
        let period: Period
        if let from {
            guard let range = Period.range(from: from, to: to ?? today) else {
                throw APIError.badRequest("'from' \(from) comes after 'to' \(to ?? today)")
            }
            guard range.days.count <= Self.maximumReportDays else {
                throw APIError.badRequest("a report covers at most \(Self.maximumReportDays) days")
            }
            period = range
        } else {
            guard to == nil else { throw APIError.badRequest("'to' needs 'from'") }
            guard let week = Period.week(containing: today) else { throw APIError.badRequest("no week holds \(today)") }
            period = week
        }
        return try await onJournal(account) { conversation in
            let tables = try conversation.insightTables()
            return InsightReport.make(try tables.summary(period, today: today, journal: conversation.journal), tables: tables).json
        }
    }

    /// `GET /v1/weight?from=&to=`: the `weight show --json` object (90 days up to `to` by default).
    func weights(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let query = request.uri.queryParameters
        let end = try RequestValues.date(query.get("to"), name: "to") ?? today
        let start = try RequestValues.date(query.get("from"), name: "from") ?? WeightReport.defaultStart(today: end)
        guard start <= end else { throw APIError.badRequest("'from' \(start) comes after 'to' \(end)") }
        return try await onJournal(account) { try WeightReport.load(from: start, to: end, journal: $0.journal).json }
    }

    /// `POST /v1/weight` `{"kilograms": 80.5}` or `{"weight": "177 lb"}`, with an optional `date`: the
    /// `weight add --json` object (201); the day's earlier weight is replaced.
    func addWeight(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let fields = try await reader.object(request)
        try fields.allowOnly(["kilograms", "weight", "date"])
        let kilograms = try fields.optionalNumber("kilograms", in: 0...10_000)
        let text = try fields.optionalString("weight", maxLength: 40)
        guard (kilograms == nil) != (text == nil) else { throw APIError.badRequest("give either 'kilograms' or 'weight'") }
        let date = try RequestValues.date(fields.optionalString("date", maxLength: 10), name: "date") ?? today
        let (today, now, lexicon) = (self.today, self.now, engine.analyzer.services.data.lexicon)
        return try await onJournal(account, status: .created) { conversation in
            let journal = conversation.journal
            var kg = kilograms
            if let text {
                kg = try WeightReport.kilograms(from: text, lexicon: lexicon, units: try journal.profile().units ?? .metric)
                guard kg != nil else { throw StoreError.invalidValue("'\(text)' is not a weight; try 80.5kg or 177lb") }
            }
            let (saved, replaced) = try TrackingEdits.addWeight(kilograms: kg ?? 0, date: date, today: today,
                                                                text: text ?? "api", at: now, journal: journal)
            return TrackingEdits.addedJSON(saved, replaced: replaced)
        }
    }

    /// `DELETE /v1/weight/{date}`: the `weight delete --json` object; 404 when no weight is logged that day.
    func deleteWeight(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let date = try RequestValues.date(context.parameters.get("date"), name: "date") ?? ""
        return try await onJournal(account) { conversation in
            guard let deleted = try TrackingEdits.deleteWeight(on: date, journal: conversation.journal) else {
                throw APIError.notFound("there is no weight logged for \(date)")
            }
            return TrackingEdits.deletedJSON(deleted)
        }
    }

    /// `GET /v1/water?date=`: the day's water records, total and target.
    func water(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let date = try RequestValues.date(request.uri.queryParameters.get("date"), name: "date") ?? today
        return try await onJournal(account) { try TrackingEdits.waterJSON(date: date, journal: $0.journal) }
    }

    /// `POST /v1/water` `{"milliliters": 250, "date"?}`: logged as chat logs water (undoable); 201 with the day's water.
    func addWater(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let fields = try await reader.object(request)
        try fields.allowOnly(["milliliters", "date"])
        let milliliters = try fields.number("milliliters", in: 0...JournalRules.maximumWaterMilliliters)
        let date = try RequestValues.date(fields.optionalString("date", maxLength: 10), name: "date") ?? today
        let (today, now) = (self.today, self.now)
        return try await onJournal(account, status: .created) { conversation in
            _ = try TrackingEdits.addWater(milliliters: milliliters, date: date, today: today, text: "api", at: now,
                                           journal: conversation.journal)
            return try TrackingEdits.waterJSON(date: date, journal: conversation.journal)
        }
    }
}
