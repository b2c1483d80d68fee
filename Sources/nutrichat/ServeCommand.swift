import ArgumentParser
import NutriChat

/// `nutrichat serve`: runs `nutrichat-serve`, the HTTP API for many people, in this process's place with the same
/// arguments. The server's libraries (SwiftNIO, PostgreSQL's client, TLS) live in that program only, so they never
/// load when `nutrichat` starts for one person.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the JSON API over HTTP, one journal per account.",
        discussion: "Runs nutrichat-serve, built beside nutrichat, which reads the options (see 'nutrichat serve --help').",
        helpNames: [])  // --help goes to nutrichat-serve, which knows the options

    @Argument(parsing: .allUnrecognized,
              help: "--port N --database FOLDER-OR-URL [--host H] [--files DIR] [--operator NAME] --home DIR --now ISO8601 ...")
    var options: [String] = []

    func run() throws {
        try reportingErrors { try SiblingProgram.replaceProcess(with: "nutrichat-serve", arguments: options) }
    }
}
