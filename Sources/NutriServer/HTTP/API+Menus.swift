import Foundation
import Hummingbird
import NutriChat
import NutriStore

/// The dining menus over HTTP: any signed-in account reads a day's menus (without some allergens); only an
/// operator (`nutrichat serve --operator NAME`) imports them, with the checks of `nutrichat menus import`.
extension API {
    /// The largest menu file accepted in a request body.
    static let menuBodyLimit = 4 * 1024 * 1024

    /// Adds `GET /v1/menus` and `POST /v1/menus`.
    func registerMenus(on v1: RouterGroup<ServerContext>) {
        v1.get("menus") { request, _ in try await listMenus(request) }
        v1.post("menus") { request, context in try await importMenus(request, context) }
    }

    /// `GET /v1/menus?date&place&meal&without=peanuts,milk`: the `menus show --json` object.
    func listMenus(_ request: Request) async throws -> Response {
        _ = try await authenticate(request)
        let query = request.uri.queryParameters
        let date = try RequestValues.date(query.get("date"), name: "date") ?? settings.clock().reference.isoDate
        let place = try query.get("place").map { try RequestValues.text($0, name: "place", maxLength: 120) }
        let meal = try query.get("meal").map { try RequestValues.text($0, name: "meal", maxLength: 40) }
        let without = try query.get("without").map { try RequestValues.text($0, name: "without", maxLength: 400) }?
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } ?? []
        let items = try menus.items(on: date, place: place, meal: meal)
        let kept = items.filter { item in !without.contains { item.contains(allergen: $0) } }
        return JSONBody.response(MenuText.json(kept, date: date).serialized)
    }

    /// `POST /v1/menus` with a CSV or JSON menu file as the body: 201 with what changed; 403 unless the account is
    /// an operator; 400 naming the first bad row, with nothing written. The audit log records who imported how many
    /// items for which menus, and when.
    func importMenus(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try await authenticate(request)
        guard settings.operators.contains(account.username) else {
            throw APIError(status: .forbidden, message: "only an operator may import menus (nutrichat serve --operator NAME)")
        }
        let text = try await RequestReader(limit: Self.menuBodyLimit).text(request)
        let items: [MenuItem]
        do {
            items = try MenuFile.parse(text)
        } catch let error as StoreError {
            throw APIError.badRequest(UserMessage.describe(error))
        }
        let summary = try menus.replace(with: items)
        let detail = "\(summary.items) item\(summary.items == 1 ? "" : "s") (\(summary.replaced) replaced): "
            + summary.menus.joined(separator: "; ")
        try store.audit(AuditEvent(at: now, kind: .menusImported, username: account.username, address: context.clientAddress,
                                   detail: String(detail.prefix(1_000))))
        return JSONBody.response(summary.json.serialized, status: .created)
    }
}

extension RequestReader {
    /// The body as UTF-8 text: 413 over the limit, 400 when empty or not UTF-8.
    func text(_ request: Request) async throws -> String {
        let data = try await body(request)
        guard !data.isEmpty else { throw APIError.badRequest("the request body is empty; send a CSV or JSON menu") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw APIError.badRequest("the request body is not UTF-8 text")
        }
        return text
    }
}
