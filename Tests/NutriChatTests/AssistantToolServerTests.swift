import Foundation
import MCP
import NutriStore
import SystemPackage
import Testing
@testable import NutriChat

/// `nutrichat mcp` run as the real executable, spoken to by the MCP SDK's own client over a pipe: the tools are
/// listed, a meal is logged (with its follow-up question answered through the chat tool) and read back, and bad
/// arguments are tool errors that change nothing (the journal holds only the meal's two entries at the end).
@Suite("Assistant tool server", .serialized)
struct AssistantToolServerTests {
    typealias Home = CustomCommandLineTests.Home

    /// A running `nutrichat mcp` over `home` and an SDK client connected to it.
    final class Session {
        let process = Process()
        let client = Client(name: "nutrichat-tests", version: "1.0")
        private let toServer = Pipe(), fromServer = Pipe()

        init(home: Home) async throws {
            guard let binary = CustomCommandLineTests.binary else { throw UserFacingError("no nutrichat binary") }
            process.executableURL = binary
            process.arguments = ["mcp", "--home", home.url.path, "--now", "2026-11-21T12:30:00"]
            process.standardInput = toServer
            process.standardOutput = fromServer
            process.standardError = FileHandle.nullDevice
            try process.run()
            let transport = StdioTransport(
                input: FileDescriptor(rawValue: fromServer.fileHandleForReading.fileDescriptor),
                output: FileDescriptor(rawValue: toServer.fileHandleForWriting.fileDescriptor))
            _ = try await client.connect(transport: transport)
        }

        /// Calls a tool; the answer's JSON text, and whether it is a tool error.
        func call(_ name: String, _ arguments: [String: Value]) async throws -> (json: [String: Any], text: String, isError: Bool) {
            let (content, isError) = try await client.callTool(name: name, arguments: arguments)
            guard case .text(let text, _, _) = content.first else { throw UserFacingError("no text in the answer") }
            let json = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
            return (json, text, isError ?? false)
        }

        /// Closes the client's end; the server answers what it has and exits 0. The exit is awaited off the test
        /// pool: blocking one of its two threads here would starve the other tests (and this one's own client).
        func close() async -> Int32 {
            await client.disconnect()
            try? toServer.fileHandleForWriting.close()
            let process = self.process
            return await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    process.waitUntilExit()
                    continuation.resume(returning: process.terminationStatus)
                }
            }
        }
    }

    // The limit only catches a hung server: under the whole suite's load on two cores this test's client tasks can
    // wait minutes for a thread of the shared test pool (CI once saw 7 minutes), so it is generous.
    @Test(.enabled(if: CustomCommandLineTests.binary != nil), .timeLimit(.minutes(15)))
    func listsItsToolsLogsAMealAndRefusesBadArguments() async throws {
        let home = try Home()
        let session = try await Session(home: home)
        let (tools, _) = try await session.client.listTools()
        #expect(Set(tools.map(\.name)) == ["log_meal", "chat", "parse_meal", "search_foods", "show_food", "read_diary", "read_report"])
        #expect(tools.allSatisfy { $0.inputSchema.objectValue?["type"] == "object" })

        let logged = try await session.call("log_meal", ["text": "a banana for breakfast"])
        #expect(!logged.isError && logged.json["intent"] as? String == "log_food", "\(logged.text)")
        #expect((logged.json["logged"] as? [[String: Any]])?.first?["food_id"] as? String == "usda:09040")

        let asked = try await session.call("log_meal", ["text": "I had rice for lunch"])
        #expect(asked.json["pending"] as? String == "quantity", "\(asked.text)")
        let answered = try await session.call("chat", ["message": "1 cup"])
        #expect((answered.json["logged"] as? [[String: Any]])?.first?["meal"] as? String == "lunch", "\(answered.text)")

        let diary = try await session.call("read_diary", ["date": "2026-11-21"])
        #expect((diary.json["entries"] as? [[String: Any]])?.count == 2, "\(diary.text)")
        let parsed = try await session.call("parse_meal", ["text": "2 bananas"])
        #expect((parsed.json["items"] as? [[String: Any]])?.count == 1, "\(parsed.text)")
        let found = try await session.call("search_foods", ["query": "banana", "limit": 3])
        #expect(!found.isError && found.text.contains("usda:09040"), "\(found.text)")
        try await badArgumentsAreToolErrors(session)
        #expect(await session.close() == 0)
        // The journal holds what the tools logged, and nothing more.
        let journal = try Journal(path: home.journal)
        #expect(try journal.entries(on: "2026-11-21").count == 2)
    }

    /// Each bad call is a one-line tool error (one server start serves both checks: a start trains the classifier).
    private func badArgumentsAreToolErrors(_ session: Session) async throws {
        let cases: [(String, [String: Value], String)] = [
            ("log_meal", [:], "'text' is required"),
            ("log_meal", ["text": 42], "'text' must be a string"),
            ("log_meal", ["text": "   "], "'text' is empty"),
            ("log_meal", ["text": .string(String(repeating: "a", count: 5000))], "longer than 4000 characters"),
            ("log_meal", ["text": "how much protein is in a banana"], "no food or drink to log"),
            ("read_diary", ["date": "2026-02-30"], "must be a date YYYY-MM-DD"),
            ("read_report", ["period": "year"], "period is day, week or month"),
            ("search_foods", ["query": "milk", "limit": 1000], "'limit' must be a whole number from 1 to 100"),
            ("show_food", ["id": "usda:nope"], "no food with id 'usda:nope'"),
            ("no_such_tool", [:], "no tool named 'no_such_tool'"),
        ]
        for (name, arguments, message) in cases {
            let answer = try await session.call(name, arguments)
            #expect(answer.isError, "\(name) \(arguments): \(answer.text)")
            #expect(answer.text.contains(message) && !answer.text.contains("\n"), "\(name): \(answer.text)")
        }
    }
}
