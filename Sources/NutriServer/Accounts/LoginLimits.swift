import Foundation

/// Login and sign-up rate limiting: too many failed logins for one name, or from one address, or too many accounts
/// created from one address, within a window answer 429 with the seconds until the oldest of them leaves the window.
/// Attempts and creations live in the account store, so the limits hold across restarts (and, with a shared store,
/// across server processes).
public struct LoginLimits: Sendable {
    /// How far back failures count.
    public var window: TimeInterval = 15 * 60
    /// Failures allowed per name within the window.
    public var perUsername = 5
    /// Failures allowed per client address within the window (many names from one place).
    public var perAddress = 20
    /// How far back account creations count.
    public var signUpWindow: TimeInterval = 60 * 60
    /// Accounts one client address may create within `signUpWindow` (a campus behind one address needs room).
    public var signUpsPerAddress = 20

    /// The default limits.
    public init() {}

    /// Seconds to wait before trying again, or nil when a login may be tried now.
    func retryAfter(username: String, address: String?, store: any AccountStore, now: Date) throws -> Int? {
        let since = now.addingTimeInterval(-window)
        var waits = [Self.wait(try store.failedLogins(username: username, since: since), limit: perUsername, since: since)]
        if let address {
            waits.append(Self.wait(try store.failedLogins(address: address, since: since), limit: perAddress, since: since))
        }
        return Self.seconds(waits.compactMap { $0 }.max())
    }

    /// Seconds to wait before this address may create another account, or nil when it may now. An unknown address
    /// is not limited (there is nothing to count it by).
    func signUpRetryAfter(address: String?, store: any AccountStore, now: Date) throws -> Int? {
        guard let address else { return nil }
        let since = now.addingTimeInterval(-signUpWindow)
        let created = try store.auditTimes(kind: .accountCreated, address: address, since: since)
        return Self.seconds(Self.wait(created, limit: signUpsPerAddress, since: since))
    }

    /// How long until the oldest of `times` leaves the window, when there are `limit` or more of them.
    private static func wait(_ times: [Date], limit: Int, since: Date) -> TimeInterval? {
        guard times.count >= limit, let oldest = times.first else { return nil }
        return oldest.timeIntervalSince(since)
    }

    private static func seconds(_ wait: TimeInterval?) -> Int? {
        wait.map { max(1, Int($0.rounded(.up))) }
    }
}
