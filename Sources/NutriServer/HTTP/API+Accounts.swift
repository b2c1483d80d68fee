import Foundation
import Hummingbird
import NutriChat

extension API {
    /// `POST /v1/accounts`: a new account (201), 409 when the name is taken, 429 when the client's address created
    /// too many accounts within the window (`LoginLimits.signUpsPerAddress`).
    func createAccount(_ request: Request, _ context: ServerContext) async throws -> Response {
        let fields = try await reader.object(request)
        let username = try fields.string("username", maxLength: 256)
        let password = try fields.string("password", maxLength: 1024)
        if let problem = Credentials.problem(username: username) ?? Credentials.problem(password: password) {
            throw APIError.badRequest(problem)
        }
        let address = context.clientAddress
        if let wait = try settings.loginLimits.signUpRetryAfter(address: address, store: store, now: now) {
            try store.audit(AuditEvent(at: now, kind: .signUpRateLimited, username: username, address: address))
            throw APIError(status: .tooManyRequests, message: "too many accounts created from this address; try again in \(wait) seconds",
                           retryAfter: wait)
        }
        let hash = Credentials.hash(password: password, cost: settings.bcryptCost)
        let account: Account
        do {
            account = try store.createAccount(username: username, passwordHash: hash, at: now)
        } catch AccountStoreError.usernameTaken {
            throw APIError(status: .conflict, message: "the username '\(username)' is taken")
        }
        do {
            try await engine.prepareJournal(of: account)
        } catch {
            try? store.deleteAccount(id: account.id)  // no account without its journal
            throw error
        }
        try store.audit(AuditEvent(at: now, kind: .accountCreated, username: username, address: address))
        return JSONBody.response(JSONOutput.line(["username": account.username]), status: .created)
    }

    /// `POST /v1/sessions`: a bearer token for a name and password; 401 when they do not match, 429 after too many
    /// failures for the name or from the address.
    func logIn(_ request: Request, _ context: ServerContext) async throws -> Response {
        let fields = try await reader.object(request)
        let username = try fields.string("username", maxLength: 256)
        let password = try fields.string("password", maxLength: 1024)
        let address = context.clientAddress
        let now = self.now
        if let wait = try settings.loginLimits.retryAfter(username: username, address: address, store: store, now: now) {
            try store.audit(AuditEvent(at: now, kind: .loginRateLimited, username: username, address: address))
            throw APIError(status: .tooManyRequests, message: "too many failed logins; try again in \(wait) seconds",
                           retryAfter: wait)
        }
        let account = try store.account(named: username)
        guard Credentials.verify(password: password, hash: account?.passwordHash ?? decoyHash), let account else {
            try store.recordLoginAttempt(username: username, address: address, succeeded: false, at: now)
            try store.audit(AuditEvent(at: now, kind: .loginFailed, username: username, address: address))
            throw APIError(status: .unauthorized, message: "wrong username or password")
        }
        let token = Credentials.newToken()
        let expires = now.addingTimeInterval(settings.tokenLifetime)
        try store.saveToken(hash: Credentials.tokenHash(token), accountID: account.id, created: now, expires: expires)
        try store.recordLoginAttempt(username: username, address: address, succeeded: true, at: now)
        try store.audit(AuditEvent(at: now, kind: .login, username: username, address: address))
        let body: [String: Any] = ["token": token, "expires_at": ISO8601DateFormatter().string(from: expires)]
        return JSONBody.response(JSONOutput.line(body))
    }

    /// `DELETE /v1/sessions/current`: the token stops working (204).
    func logOut(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, hash) = try await authenticate(request)
        try store.revokeToken(hash: hash)
        try store.audit(AuditEvent(at: now, kind: .logout, username: account.username, address: context.clientAddress))
        return JSONBody.empty(.noContent)
    }

    /// `DELETE /v1/accounts/me`: the account, its tokens, its dialogue state and its journal are deleted (204).
    func deleteAccount(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try await authenticate(request)
        try store.deleteAccount(id: account.id)
        try await engine.removeJournal(of: account)
        try store.audit(AuditEvent(at: now, kind: .accountDeleted, username: account.username, address: context.clientAddress))
        return JSONBody.empty(.noContent)
    }
}
