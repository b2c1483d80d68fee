import Foundation
import Hummingbird
import NutriChat
import NutriStore

/// The endpoints under `/v1`: what each one reads, checks and answers. Work on journals goes through the `Engine`;
/// accounts, tokens and the audit log through the `AccountStore`.
struct API: Sendable {
    let store: any AccountStore
    let engine: Engine
    /// The dining menus everyone reads (`menus.sqlite` in the database folder).
    let menus: MenuStore
    let settings: ServerSettings
    /// Checked when a login names no account, so a wrong name costs the same time as a wrong password.
    let decoyHash: String

    var reader: RequestReader { RequestReader(limit: settings.bodyLimit) }
    var now: Date { settings.clock().now }

    /// Adds every route and the JSON error middleware to `router`.
    func register(on router: Router<ServerContext>) {
        router.middlewares.add(JSONErrorMiddleware<ServerContext>())
        let v1 = router.group("v1")
        v1.post("accounts") { request, context in try await createAccount(request, context) }
        v1.delete("accounts/me") { request, context in try await deleteAccount(request, context) }
        v1.post("sessions") { request, context in try await logIn(request, context) }
        v1.delete("sessions/current") { request, context in try await logOut(request, context) }
        v1.post("chat") { request, _ in try await chat(request) }
        v1.post("parse") { request, _ in try await parse(request) }
        v1.get("diary") { request, _ in try await diary(request) }
        v1.get("foods") { request, _ in try await searchFoods(request) }
        v1.get("foods/{id}") { request, context in try await showFood(request, context) }
        v1.get("export") { request, _ in try await export(request) }
        registerMenus(on: v1)
        registerJournal(on: v1)
        v1.get("openapi.json") { _, _ in try openAPI() }
    }

    /// The account a bearer token names, with the token's hash; 401 when the token is missing, malformed,
    /// unknown, revoked or expired.
    /// A PostgreSQL store's check waits for the database on a thread of `BlockingLanes`, not on one of the concurrency
    /// pool's threads (one a core) that every request's networking and JSON need.
    func authenticate(_ request: Request) async throws -> (account: Account, tokenHash: String) {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { throw APIError.unauthorized }
        let token = header.dropFirst("Bearer ".count).trimmingCharacters(in: .whitespaces)
        guard token.count == 64, token.allSatisfy(\.isHexDigit) else { throw APIError.unauthorized }
        let (hash, store, now, timing) = (Credentials.tokenHash(token.lowercased()), self.store, self.now, engine.timing)
        @Sendable func check() throws -> Account? {
            try timing.measure("token check") { try store.account(forTokenHash: hash, now: now) }
        }
        let found = try await (store.waitsOnNetwork ? BlockingLanes.run(check) : check())
        guard let account = found else { throw APIError.unauthorized }
        return (account, hash)
    }

    func chat(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let message = try await reader.object(request).string("message", maxLength: MealAnalyzer.maximumLength)
        let answer = try await engine.chat(account, message: message)
        return JSONBody.response(answer.json, status: answer.fatal ? .internalServerError : .ok)
    }

    func parse(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let text = try await reader.object(request).string("text", maxLength: MealAnalyzer.maximumLength)
        return JSONBody.response(try await engine.parse(account, text: text))
    }

    func diary(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let date = try RequestValues.date(request.uri.queryParameters.get("date"), name: "date")
        return JSONBody.response(try await engine.diary(account, date: date))
    }

    func searchFoods(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let query = try RequestValues.text(request.uri.queryParameters.get("q"), name: "q", maxLength: 200)
        var limit = 10
        if let text = request.uri.queryParameters.get("limit") {
            guard let number = Int(text), (1...100).contains(number) else {
                throw APIError.badRequest("'limit' must be a whole number from 1 to 100")
            }
            limit = number
        }
        return JSONBody.response(try await engine.searchFoods(account, query: query, limit: limit))
    }

    func showFood(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let id = try RequestValues.text(context.parameters.get("id"), name: "id", maxLength: 64)
        guard let json = try await engine.showFood(account, id: id) else { throw APIError.notFound("no food has the id '\(id)'") }
        return JSONBody.response(json)
    }

    func export(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        return JSONBody.response(try await engine.export(account).trimmingCharacters(in: .newlines))
    }

    /// The hand-written OpenAPI 3.1 document shipped with the server.
    func openAPI() throws -> Response {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw APIError(status: .internalServerError, message: "the OpenAPI document is missing from this build")
        }
        return JSONBody.response(try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .newlines))
    }
}
