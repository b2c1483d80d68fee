import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat chat`: the conversation, as a REPL on a terminal or one message per line in a pipe.
struct ChatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "chat", abstract: "Talk to NutriChat (the default).")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print each reply as one JSON line.")
    var json = false

    func run() throws {
        try reportingErrors {
            let fixed = try global.now.map { _ in try global.clock() }
            let analyzer = try global.loadAnalyzer()
            let journal = try global.openJournal()
            analyzer.services.useUserFoods(from: journal)  // custom foods and recipes come first (issue 5 part 6)
            let conversation = Conversation(analyzer: analyzer, journal: journal, clock: { fixed ?? Clock(now: Date()) })
            if Terminal.stdinIsTTY && !json {
                REPL(conversation: conversation, home: global.resolvedHome,
                     style: Style(enabled: Terminal.colorEnabled(noColorFlag: global.noColor))).run()
            } else {
                pipe(conversation)
            }
        }
    }

    /// Exactly one reply line per non-blank input line, flushed at once; bad bytes are replaced, never fatal.
    /// "bye" or "quit" ends the session after its reply.
    private func pipe(_ conversation: Conversation) {
        while let line = readLine(strippingNewline: true) {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let exit = conversation.isExit(line)
            let reply = exit ? conversation.goodbye(to: line) : conversation.respond(to: line)
            Terminal.write((json ? reply.json.serialized : ReplyLayout.oneLine(reply.text)) + "\n")
            if exit { break }
        }
    }
}

/// The interactive loop: a greeting with today's totals, line editing and history, "quit" or Ctrl-D to leave.
struct REPL {
    let conversation: Conversation
    let home: NutriHome
    let style: Style

    func run() {
        let editor = LineEditorFactory.make(historyFile: home.historyFile, interactive: true)
        let greeting = conversation.respond(to: "hello")
        print(style.bold("NutriChat") + style.dim(" — type what you ate, \"help\" for examples, \"quit\" to leave."))
        print(greeting.text)
        while let line = editor.readLine(prompt: "› ") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            editor.addHistory(text)
            let exit = conversation.isExit(text)
            let reply = exit ? conversation.goodbye(to: text) : conversation.respond(to: text)
            let shown = ReplyLayout.wrapped(reply.text, width: Terminal.columns)
            print(reply.logged.isEmpty ? shown : style.green(shown))
            if reply.intent == "goodbye" { break }
        }
        editor.saveHistory()
        print(style.dim("Your journal is saved in \(home.journalDatabase.path)."))
    }
}
