import ArgumentParser
import Foundation

/// `nutrichat chat`: the conversation, as a REPL on a terminal or one message per line in a pipe.
struct ChatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "chat", abstract: "Talk to NutriChat (the default).")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print each reply as one JSON line.")
    var json = false

    func run() throws {
        try reportingErrors {
            _ = try global.loadServices(autoInstall: true)
            print("Chat is coming soon.")
        }
    }
}

