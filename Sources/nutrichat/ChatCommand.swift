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
            conversation.menus = try global.existingMenus()  // chat answers from the menus imported here
            // Today's rows are read once up front, so a damaged one is named before the first reply.
            _ = try? journal.entries(on: (fixed ?? Clock(now: Date())).reference.isoDate)
            reportDamage(journal)
            if Terminal.stdinIsTTY && !json {
                REPL(conversation: conversation, home: global.resolvedHome,
                     style: Style(enabled: Terminal.colorEnabled(noColorFlag: global.noColor))).run()
            } else if !pipe(conversation) {
                throw ExitCode(1)
            }
        }
    }

    /// Exactly one reply line per non-blank input line, flushed at once; bad bytes are replaced, never fatal.
    /// "bye" or "quit" ends the session after its reply. Returns false when any message could not be handled (its
    /// reply line says so); stops at a failure every later message would share (a damaged journal), after saying
    /// what to do.
    private func pipe(_ conversation: Conversation) -> Bool {
        var allSaved = true
        while let line = readLine(strippingNewline: true) {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let exit = conversation.isExit(line)
            let reply = exit ? conversation.goodbye(to: line) : conversation.respond(to: line)
            Terminal.write((json ? reply.json.serialized : ReplyLayout.oneLine(reply.text)) + "\n")
            reportDamage(conversation.journal)
            if exit { break }
            guard let failure = reply.failure else { continue }
            allSaved = false
            if failure.fatal {
                Terminal.error("nutrichat: \(failure.reason)")
                break
            }
        }
        return allSaved
    }
}

/// Names on standard error each damaged journal row met since the last call (it is left out of replies).
func reportDamage(_ journal: any JournalStore) {
    for row in journal.takeDamageReports() { Terminal.error("nutrichat: \(row)") }
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
            reportDamage(conversation.journal)
            if reply.intent == "goodbye" || reply.failure?.fatal == true { break }
        }
        editor.saveHistory()
        print(style.dim("Your journal is saved in \(home.journalDatabase.path)."))
    }
}
