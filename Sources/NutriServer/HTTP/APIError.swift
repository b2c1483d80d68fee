import Foundation
import Hummingbird
import NutriChat

/// A request the server refuses, with its status and the one-line message of the `{"error": …}` body.
struct APIError: Error {
    var status: HTTPResponse.Status
    var message: String
    /// Seconds for a `Retry-After` header (429).
    var retryAfter: Int? = nil

    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, message: message) }
    static let unauthorized = APIError(status: .unauthorized, message: "a valid bearer token is required (POST /v1/sessions)")
    static func notFound(_ message: String) -> APIError { APIError(status: .notFound, message: message) }
    static func tooLarge(limit: Int) -> APIError {
        APIError(status: .contentTooLarge, message: "the request body is over \(limit) bytes")
    }
}

/// Turns every error into a JSON `{"error": …}` answer with the right status; an unexpected error says only that
/// something failed on the server (its details go to the log, which never holds a password or a token).
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return Self.response(error)
        } catch let error as HTTPError {
            let message = error.body ?? Self.message(for: error.status)
            return Self.response(APIError(status: error.status, message: message))
        } catch {
            context.logger.error("request failed: \(UserMessage.describe(error))")
            return Self.response(APIError(status: .internalServerError, message: "the server could not answer: \(UserMessage.describe(error))"))
        }
    }

    static func message(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: return "no such endpoint; see GET /v1/openapi.json"
        case .methodNotAllowed: return "method not allowed here; see GET /v1/openapi.json"
        case .contentTooLarge: return "the request body is too large"
        default: return status.reasonPhrase.lowercased()
        }
    }

    static func response(_ error: APIError) -> Response {
        var response = JSONBody.response(JSONOutput.line(["error": error.message]), status: error.status)
        if let retryAfter = error.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}

/// JSON answers: the body is already serialised by the CLI's encoders, so the server writes the same bytes.
enum JSONBody {
    static func response(_ json: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json + "\n")))
    }

    static func empty(_ status: HTTPResponse.Status) -> Response {
        Response(status: status)
    }
}
