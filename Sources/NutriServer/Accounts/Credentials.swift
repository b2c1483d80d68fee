import Crypto
import Foundation
import HummingbirdBcrypt

/// The rules for names and passwords, and how passwords and tokens are kept: bcrypt for passwords, SHA-256 for
/// tokens (a token is 32 random bytes, so a fast hash is enough; the store never sees the token itself).
public enum Credentials {
    /// Usernames: 3 to 32 of a-z, 0-9, `_`, `.` and `-`.
    public static let usernameLength = 3...32
    /// Passwords: 8 to 128 characters.
    public static let passwordLength = 8...128

    /// Why `username` is refused, or nil when it is fine.
    public static func problem(username: String) -> String? {
        guard usernameLength.contains(username.count) else {
            return "username must be 3 to 32 characters"
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_.-")
        guard username.allSatisfy({ allowed.contains($0) }) else {
            return "username may hold only a-z, 0-9, '_', '.' and '-'"
        }
        return nil
    }

    /// Why `password` is refused, or nil when it is fine.
    public static func problem(password: String) -> String? {
        guard passwordLength.contains(password.count) else { return "password must be 8 to 128 characters" }
        return nil
    }

    /// The bcrypt hash of a password.
    public static func hash(password: String, cost: UInt8) -> String {
        Bcrypt.hash(password, cost: cost)
    }

    /// Whether `password` matches a bcrypt hash.
    public static func verify(password: String, hash: String) -> Bool {
        Bcrypt.verify(password, hash: hash)
    }

    /// A bcrypt hash of nothing anyone types, checked when a name does not exist so that a wrong name and a wrong
    /// password take the same time.
    static func decoyHash(cost: UInt8) -> String {
        Bcrypt.hash(newToken(), cost: cost)
    }

    /// A new bearer token: 32 random bytes from the system's secure generator, as 64 hex digits.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return hex(bytes)
    }

    /// The SHA-256 of a token, as stored.
    public static func tokenHash(_ token: String) -> String {
        hex(Array(SHA256.hash(data: Data(token.utf8))))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}
