import ArgumentParser
import Foundation
import NutriChat

/// `nutrichat mcp`: runs `nutrichat-mcp`, the Model Context Protocol tool server, in this process's place with the
/// same arguments (as git runs `git-NAME` for `git NAME`). It is a program of its own so that its networking
/// libraries never load when `nutrichat` starts.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve NutriChat's tools to an assistant over the Model Context Protocol (stdin/stdout).",
        discussion: "Runs nutrichat-mcp, built beside nutrichat, which reads the options (see 'nutrichat mcp --help').",
        helpNames: [])  // --help goes to nutrichat-mcp, which knows the options

    @Argument(parsing: .allUnrecognized, help: "--home DIR, --now ISO8601, --data-dir DIR.")
    var options: [String] = []

    func run() throws {
        try reportingErrors { try SiblingProgram.replaceProcess(with: "nutrichat-mcp", arguments: options) }
    }
}
