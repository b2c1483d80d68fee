import Foundation
import NutriLanguage

/// A meal-slot command in chat: "add a meal called brunch", "rename lunch to midday", "move dinner to position 2",
/// "move brunch before lunch", "delete the morning snack slot", "what are my meal slots?".
enum MealSlotCommand: Equatable, Sendable {
    case add(String)
    case rename(String, to: String)
    case move(String, position: Int)
    case moveBeside(String, before: Bool, other: String)
    case delete(String)
    case list
}

/// The patterns and words of `Intents/meal-slot-commands.tsv`, compiled once: how chat tells a meal-slot command.
struct MealSlotCommands: @unchecked Sendable {
    /// The `kind` column.
    enum Kind: String, CaseIterable {
        case add, rename, move, moveBeside = "move-beside", delete, about, lead, list, eating, before
    }

    private var patterns: [Kind: [NSRegularExpression]] = [:]
    private var words: [Kind: Set<String>] = [:]

    /// Reads the file from the intents folder; a bad pattern or kind throws naming its line.
    static func load(from intents: URL) throws -> MealSlotCommands {
        let table = try TSVTable(contentsOf: intents.appendingPathComponent("meal-slot-commands.tsv"), required: ["kind", "text"])
        var commands = MealSlotCommands()
        for row in table.rows {
            guard let kind = Kind(rawValue: row["kind"]), !row["text"].isEmpty else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown kind '\(row["kind"])' or empty text")
            }
            switch kind {
            case .add, .rename, .move, .moveBeside, .delete:
                guard let regex = try? NSRegularExpression(pattern: row["text"]) else {
                    throw DataFileError(file: table.file, line: row.line, reason: "bad pattern")
                }
                commands.patterns[kind, default: []].append(regex)
            default:
                commands.words[kind, default: []].insert(row["text"].lowercased())
            }
        }
        return commands
    }

    /// The command `text` gives, or nil. `isSlot` says whether a name is one of the person's slots (renaming and
    /// moving need one; otherwise "move the apple to breakfast" is an entry's move); `slots` are their names.
    func read(_ text: String, slots: [String], isSlot: (String) throws -> Bool) throws -> MealSlotCommand? {
        let lowered = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: " .!?"))
        let folded = FoldedWords.words(of: lowered), said = Set(folded)
        let aboutSlots = !said.isDisjoint(with: words[.about] ?? [])
        let leads = folded.first.map { (words[.lead] ?? []).contains($0) } ?? false
        guard aboutSlots || leads else { return nil }
        if let name = capture(.add, lowered)?.first { return .add(name) }
        if let parts = capture(.rename, lowered), parts.count == 2, try isSlot(parts[0]) { return .rename(parts[0], to: parts[1]) }
        if let parts = capture(.move, lowered), parts.count == 2, let position = Int(parts[1]), try isSlot(parts[0]) {
            return .move(parts[0], position: position)
        }
        if let parts = capture(.moveBeside, lowered), parts.count == 3, try isSlot(parts[0]), slots.contains(parts[2]) {
            return .moveBeside(parts[0], before: (words[.before] ?? []).contains(parts[1]), other: parts[2])
        }
        if let name = capture(.delete, lowered)?.first { return .delete(name) }
        if aboutSlots, !said.isDisjoint(with: words[.list] ?? []), said.isDisjoint(with: words[.eating] ?? []) { return .list }
        return nil
    }

    /// The groups captured by the first pattern of `kind` that matches all of `text`.
    private func capture(_ kind: Kind, _ text: String) -> [String]? {
        let range = NSRange(text.startIndex..., in: text)
        for regex in patterns[kind] ?? [] {
            guard let match = regex.firstMatch(in: text, range: range) else { continue }
            return (1..<match.numberOfRanges).compactMap { index in
                Range(match.range(at: index), in: text).map { String(text[$0]).trimmingCharacters(in: .whitespaces) }
            }
        }
        return nil
    }
}
