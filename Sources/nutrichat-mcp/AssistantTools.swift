import Foundation
import MCP
import NutriChat
import NutriData
import NutriStore

/// The tools `nutrichat mcp` offers an assistant, and their answers: each is the JSON object of the matching
/// command (`chat --json`, `parse`, `foods search --json`, `foods show --json`, `diary --json`, `report --json`),
/// as text and as structured content. Calls are served one at a time: the conversation keeps one dialogue state.
final class AssistantTools: @unchecked Sendable {
    /// Where the tools read and write.
    typealias Setting = CompanionSetting

    private let lock = NSLock()
    private let setting: Setting
    private let conversation: Conversation
    private var insightTables: InsightTables?

    init(setting: Setting) throws {
        self.setting = setting
        Leftovers.sweep(setting.home.url)  // an interrupted import or export of a process that is gone
        let analyzer = try setting.loadAnalyzer(cacheFolder: "nutrichat-mcp")
        let journal = try Journal(path: setting.home.journalDatabase.path)
        analyzer.services.useUserFoods(from: journal)  // the person's own foods and recipes come first
        let fixed = setting.fixedClock
        conversation = Conversation(analyzer: analyzer, journal: journal, clock: { fixed ?? Clock(now: Date()) })
    }

    private var clock: Clock { setting.clock }

    /// Runs one tool; a bad argument or a failure is a tool error with one line of text, never a protocol error.
    func call(_ name: String, arguments: [String: Value]) -> CallTool.Result {
        lock.lock()
        defer { lock.unlock() }
        do {
            let arguments = ToolArguments(values: arguments)
            let json: JSONValue
            switch name {
            case "log_meal": json = try logMeal(arguments)
            case "chat": json = conversation.respond(to: try arguments.text("message")).json
            case "parse_meal":
                json = conversation.analyzer.analyze(try arguments.text("text"), reference: clock.reference).json
            case "search_foods": json = try searchFoods(arguments)
            case "show_food":
                json = .raw(JSONOutput.line(try FoodReport(services: conversation.analyzer.services, id: try arguments.text("id")).json()))
            case "read_diary": json = try DiaryDay.load(date: try arguments.date("date") ?? clock.reference.isoDate,
                                                        journal: conversation.journal).json
            case "read_report": json = try report(arguments)
            default: throw UserFacingError("no tool named '\(name)'; the tools are \(Self.catalog.map(\.name).joined(separator: ", "))")
            }
            _ = conversation.journal.takeDamageReports()  // damaged rows are left out of answers, as in chat
            return Self.result(json)
        } catch {
            return .init(content: [.text(text: UserMessage.describe(error), annotations: nil, _meta: nil)], isError: true)
        }
    }

    /// "log_meal": the text goes through the conversation, as if typed in chat, once it is known to describe
    /// food or drink; a question ("How much rice?") comes back as `pending` and is answered with the chat tool.
    private func logMeal(_ arguments: ToolArguments) throws -> JSONValue {
        let text = try arguments.text("text")
        let analysis = conversation.analyzer.analyze(text, reference: clock.reference)
        guard !analysis.items.isEmpty, [.logFood, .logWater].contains(analysis.intent) else {
            throw UserFacingError("no food or drink to log in '\(text)' (it reads as \(analysis.intent.rawValue)); use the chat tool for anything else")
        }
        let reply = conversation.respond(to: text)
        if let failure = reply.failure { throw UserFacingError(failure.reason) }
        return reply.json
    }

    private func searchFoods(_ arguments: ToolArguments) throws -> JSONValue {
        let query = try arguments.text("query")
        let limit = try arguments.integer("limit", in: 1...100) ?? 10
        let results = try conversation.analyzer.services.resolver.candidates(for: query, limit: limit)
        return .raw(JSONOutput.line(FoodReport.searchJSON(results)))
    }

    private func report(_ arguments: ToolArguments) throws -> JSONValue {
        let today = clock.reference.isoDate
        let day = try arguments.date("date") ?? today
        let period: Period?
        switch try arguments.optionalText("period") ?? "week" {
        case "day": period = .day(day)
        case "week": period = Period.week(containing: day)
        case "month": period = Period.month(containing: day)
        case let other: throw UserFacingError("period is day, week or month, got '\(other)'")
        }
        guard let period else { throw UserFacingError("no period holds \(day)") }
        let tables = try insightTables ?? InsightTables.load(from: setting.data.lexicon)
        insightTables = tables
        return InsightReport.make(try tables.summary(period, today: today, journal: conversation.journal), tables: tables).json
    }

    /// The answer as JSON text (what a model reads) and as structured content (what a program reads).
    private static func result(_ json: JSONValue) -> CallTool.Result {
        let text = json.serialized
        let structured = try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
        return .init(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured, isError: false)
    }
}

/// A tool call's arguments, checked as the command line checks its options: types, lengths and dates.
struct ToolArguments {
    let values: [String: Value]

    /// A required, non-empty string of at most `MealAnalyzer.maximumLength` characters.
    func text(_ key: String) throws -> String {
        guard let text = try optionalText(key) else { throw UserFacingError("'\(key)' is required") }
        return text
    }

    func optionalText(_ key: String) throws -> String? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let raw = value.stringValue else { throw UserFacingError("'\(key)' must be a string") }
        let text = TextSafety.stripped(raw).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw UserFacingError("'\(key)' is empty") }
        guard text.count <= MealAnalyzer.maximumLength else {
            throw UserFacingError("'\(key)' is longer than \(MealAnalyzer.maximumLength) characters")
        }
        return text
    }

    /// An optional YYYY-MM-DD date.
    func date(_ key: String) throws -> String? {
        guard let text = try optionalText(key) else { return nil }
        guard JournalRules.isDate(text) else { throw UserFacingError("'\(key)' must be a date YYYY-MM-DD, got '\(text)'") }
        return text
    }

    /// An optional whole number within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = values[key], !value.isNull else { return nil }
        let number = value.intValue ?? value.doubleValue.flatMap { $0.rounded() == $0 && abs($0) < 1e9 ? Int($0) : nil }
        guard let number, range.contains(number) else {
            throw UserFacingError("'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
