import Foundation
import NutriStore
@testable import NutriChat

/// Reading the numbered suggestions of a reply.
enum SuggestionLines {
    /// The numbered lines of a reply ("1. Oatmeal with banana — 293 kcal, …").
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.range(of: #"^[1-5]\. "#, options: .regularExpression) != nil }
    }

    /// The titles of the numbered lines.
    static func titles(_ text: String) -> [String] {
        lines(text).map { line in
            let body = line.dropFirst(3)
            return String(body.components(separatedBy: " — ").first ?? String(body))
        }
    }

    /// The kcal figure of each numbered line.
    static func kcal(_ text: String) -> [Double] {
        lines(text).compactMap { line in
            guard let range = line.range(of: #"— [0-9,]+ kcal"#, options: .regularExpression) else { return nil }
            return Double(line[range].dropFirst(2).dropLast(5).replacingOccurrences(of: ",", with: ""))
        }
    }
}

/// One resolved catalog per food database for the whole test process: resolving ~1,000 ingredients is the slow
/// part of a first suggestion, and every harness would otherwise do it again.
enum SharedCatalogs {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var catalogs: [ObjectIdentifier: RecipeCatalog] = [:]

    static func catalog(for chat: Conversation) throws -> RecipeCatalog {
        try lock.withLock {
            let key = ObjectIdentifier(chat.analyzer.services)
            if let known = catalogs[key] { return known }
            let made = try chat.recipeCatalog()
            catalogs[key] = made
            return made
        }
    }
}

extension ChatHarness {
    /// The harness with the process-wide resolved catalog in its memory.
    @discardableResult
    func sharingCatalog() throws -> ChatHarness {
        conversation.state.coaching.catalog = try SharedCatalogs.catalog(for: conversation)
        return self
    }

    /// A harness on the same journal at another moment (a seeded journal built day by day through the public API).
    func at(_ now: String) throws -> ChatHarness {
        try ChatHarness(now: now, services: conversation.analyzer.services, journal: journal).sharingCatalog()
    }
}
