import ArgumentParser
import Foundation
import NutriChat
import NutriCompanion
import NutriServer

/// `nutrichat-serve` (run as `nutrichat serve`): the HTTP API for many people, one journal per account (NutriServer).
/// A program of its own because the server's libraries (SwiftNIO, PostgreSQL's client, TLS) would slow every start
/// of `nutrichat` for a feature one-person runs never use.
@main
struct ServeProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nutrichat serve",
        abstract: "Serve the JSON API over HTTP, one journal per account.",
        discussion: """
            --database is a folder (created when missing): accounts.sqlite and one journal per account under \
            journals/, and menus.sqlite, the dining menus every account reads (an --operator imports them); or a \
            postgres://USER@HOST:PORT/DATABASE URL: accounts, tokens, the audit log, login attempts and dialogue \
            state in PostgreSQL, each account's journal and the menus still SQLite files under --files (default \
            HOME/server/INSTALLATION-ID). The reference foods come from --home. Endpoints are under /v1; \
            GET /v1/openapi.json describes them. Stops on Ctrl-C or SIGTERM.
            """)

    @OptionGroup var companion: CompanionOptions

    @Option(help: ArgumentHelp("The TCP port (0 picks a free one; the port chosen is printed).", valueName: "n"))
    var port: Int

    @Option(help: ArgumentHelp("A folder for the accounts and journals, or a postgres:// URL for the accounts.",
                               valueName: "folder-or-url"))
    var database: String

    @Option(help: ArgumentHelp("With a postgres:// database: the folder of the journal files (default HOME/server/ID).",
                               valueName: "folder"))
    var files: String?

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .customLong("token-lifetime"), help: ArgumentHelp("How long a login token works, in seconds (at most 30 days).", valueName: "seconds"))
    var tokenLifetime = 30 * 24 * 3600

    @Option(name: .customLong("bcrypt-cost"), help: ArgumentHelp("bcrypt's cost factor for new passwords (4-16).", valueName: "n"))
    var bcryptCost = 10

    @Option(name: .customLong("operator"), help: ArgumentHelp("An account that may import dining menus (POST /v1/menus); repeatable.", valueName: "username"))
    var operators: [String] = []

    @Option(name: .customLong("open-journals"), help: ArgumentHelp("How many account journals stay open at once (1-20000; by default from the file-descriptor limit, at most 2048).", valueName: "n"))
    var openJournals: Int?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard (1...30 * 24 * 3600).contains(tokenLifetime) else {
            throw ValidationError("--token-lifetime must be from 1 second to 30 days (2592000 seconds)")
        }
        guard (4...16).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be from 4 to 16") }
        if let openJournals, !(1...20_000).contains(openJournals) { throw ValidationError("--open-journals must be from 1 to 20000") }
    }

    func run() throws {
        ServerMemory.skipSQLiteMemoryStatistics()
        do {
            let setting = try companion.setting()
            let fixed = setting.fixedClock
            ServerMemory.keepFreedMemory()
            var settings = ServerSettings(database: try ServerDatabase(database, files: files),
                                          home: setting.home.url, clock: { fixed ?? Clock(now: Date()) })
            settings.host = host
            settings.port = port
            settings.tokenLifetime = TimeInterval(tokenLifetime)
            settings.bcryptCost = UInt8(bcryptCost)
            settings.operators = Set(operators)
            settings.openJournals = openJournals
            try serve(settings, try setting.loadAnalyzer(cacheFolder: "nutrichat-serve"))
        } catch let exit as ExitCode {
            throw exit
        } catch {
            FileHandle.standardError.write(Data("nutrichat: \(UserMessage.describe(error))\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Runs the server until it stops, on the concurrency runtime, while this thread waits.
    private func serve(_ settings: ServerSettings, _ analyzer: MealAnalyzer) throws {
        let done = DispatchSemaphore(value: 0)
        let outcome = ServeOutcome()
        Task {
            do {
                try await NutriServer.run(settings: settings, analyzer: analyzer)
            } catch {
                outcome.error = error
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw UserFacingError("cannot serve: \(UserMessage.describe(error))") }
    }
}

/// How the server's task ended, read after it signalled.
private final class ServeOutcome: @unchecked Sendable {
    var error: Error?
}
