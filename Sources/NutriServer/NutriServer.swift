import Foundation
import Hummingbird
import Logging
import NutriChat
import NutriStore

/// What `nutrichat serve` was asked for.
public struct ServerSettings: Sendable {
    public var host = "127.0.0.1"
    /// 0 lets the system pick a free port (the one chosen is printed).
    public var port = 8080
    /// Where accounts live (`--database`), and with them the journal files.
    public var database: ServerDatabase
    /// The home of the reference foods: a postgres database's journal files go under it unless `--files` says.
    public var home: URL
    /// The clock: `--now` fixes it.
    public var clock: @Sendable () -> Clock
    /// How long a token works, in seconds (30 days unless `--token-lifetime` says less).
    public var tokenLifetime: TimeInterval = 30 * 24 * 3600
    /// The largest request body, in bytes.
    public var bodyLimit = 64 * 1024
    /// bcrypt's cost factor (2^cost rounds).
    public var bcryptCost: UInt8 = 10
    public var loginLimits = LoginLimits()
    /// The usernames that may import dining menus (`--operator`, repeatable).
    public var operators: Set<String> = []
    /// How many account journals stay open at once; nil derives it from the file-descriptor limit.
    public var openJournals: Int?

    /// Settings for a database, with the defaults above.
    public init(database: ServerDatabase, home: URL, clock: @escaping @Sendable () -> Clock) {
        self.database = database
        self.home = home
        self.clock = clock
    }
}

/// The HTTP server of `nutrichat serve`.
public enum NutriServer {
    /// Serves until SIGINT or SIGTERM; prints `listening on http://HOST:PORT` once the port is bound.
    public static func run(settings: ServerSettings, analyzer: MealAnalyzer) async throws {
        let (store, files) = try settings.database.open(home: settings.home)
        let menus = try MenuStore(path: files.appendingPathComponent("menus.sqlite").path)
        let timing = PhaseTimes.fromEnvironment()
        let journalFiles: Bool
        if case .folder = settings.database { journalFiles = true } else { journalFiles = false }
        let engine = Engine(analyzer: analyzer, store: store, folder: files, clock: settings.clock, menus: menus,
                            openJournals: settings.openJournals ?? AccountSessions.defaultLimit(sqliteFiles: journalFiles),
                            timing: timing,
                            journals: try settings.database.journals(store: store, files: files))
        let api = API(store: store, engine: engine, menus: menus, settings: settings, decoyHash: Credentials.decoyHash(cost: settings.bcryptCost))
        let router = Router(context: ServerContext.self)
        api.register(on: router)
        var logger = Logger(label: "nutrichat-serve")
        logger.logLevel = .warning
        let host = settings.host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: settings.port), serverName: "nutrichat"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                FileHandle.standardOutput.write(Data("nutrichat serve: listening on http://\(host):\(port)\n".utf8))
            },
            logger: logger
        )
        try await app.runService()
        if timing.enabled { FileHandle.standardError.write(Data("nutrichat serve: time by phase\n\(timing.summary())\n".utf8)) }
    }
}
