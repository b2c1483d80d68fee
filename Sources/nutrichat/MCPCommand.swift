import ArgumentParser
import Foundation
import MCP
import NutriChat

/// `nutrichat mcp`: NutriChat as a Model Context Protocol tool server on standard input and output, so an assistant
/// can use it as its food database and journal (the person's home, as for every other command).
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve NutriChat's tools to an assistant over the Model Context Protocol (JSON-RPC on stdin/stdout).",
        discussion: """
            Tools: log_meal, chat, parse_meal, search_foods, show_food, read_diary, read_report. Standard output \
            carries protocol messages only; messages for people go to standard error.
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        // The food data and the journal are opened before the first request, so a missing home or a damaged
        // journal is one line on stderr and exit 1, as for every command.
        let tools = try reportingErrors { try AssistantTools(global: global) }
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
                Terminal.error("nutrichat: the tool server stopped: \(UserMessage.describe(error))")
                Foundation.exit(1)
            }
            Foundation.exit(0)  // the client closed standard input
        }
        dispatchMain()
    }
}
