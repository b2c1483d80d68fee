import ArgumentParser
import Foundation
import MCP
import NutriChat
import NutriCompanion
import NutriData
import NutriStore

/// `nutrichat-mcp` (run as `nutrichat mcp`): NutriChat as a Model Context Protocol tool server on standard input and
/// output, so an assistant can use it as its food database and journal (the person's home, as for every other
/// command). A program of its own because the protocol library links Foundation's networking (curl, TLS), which
/// would slow every start of `nutrichat` for a feature most runs never use.
@main
struct ToolServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nutrichat mcp",
        abstract: "Serve NutriChat's tools to an assistant over the Model Context Protocol (JSON-RPC on stdin/stdout).",
        discussion: """
            Tools: log_meal, chat, parse_meal, search_foods, show_food, read_diary, read_report. Standard output \
            carries protocol messages only; messages for people go to standard error.
            """)

    @OptionGroup var companion: CompanionOptions

    func run() throws {
        // The food data and the journal are opened before the first request, so a missing home or a damaged
        // journal is one line on stderr and exit 1, as for every command.
        let tools: AssistantTools
        do {
            tools = try AssistantTools(setting: try companion.setting())
        } catch {
            FileHandle.standardError.write(Data("nutrichat: \(UserMessage.describe(error))\n".utf8))
            throw ExitCode(1)
        }
        let server = Server(
            name: "nutrichat", version: NutriChatVersion.current,
            capabilities: .init(tools: .init(listChanged: false)))
        Task {
            await server.withMethodHandler(ListTools.self) { _ in .init(tools: AssistantTools.catalog) }
            await server.withMethodHandler(CallTool.self) { call in tools.call(call.name, arguments: call.arguments ?? [:]) }
            let transport = AnsweringTransport()
            do {
                try await server.start(transport: transport)
                await server.waitUntilCompleted()
                await transport.drained()
            } catch {
                FileHandle.standardError.write(Data("nutrichat: the tool server stopped: \(UserMessage.describe(error))\n".utf8))
                Foundation.exit(1)
            }
            Foundation.exit(0)  // the client closed standard input
        }
        dispatchMain()
    }
}
