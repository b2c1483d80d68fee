import Foundation

/// Where NutriChat keeps `foods.sqlite`, `journal.sqlite`, history and its download cache.
public struct NutriHome: Sendable, Equatable {
    public let url: URL

    /// Creates a home at an explicit folder.
    public init(url: URL) {
        self.url = url
    }

    /// `--home`, else `$NUTRICHAT_HOME`, else `$XDG_DATA_HOME/nutrichat`, else `~/.local/share/nutrichat`.
    public static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> NutriHome {
        func expand(_ path: String) -> URL {
            URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true)
        }
        if let option, !option.isEmpty { return NutriHome(url: expand(option)) }
        if let home = environment["NUTRICHAT_HOME"], !home.isEmpty { return NutriHome(url: expand(home)) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return NutriHome(url: expand(xdg).appendingPathComponent("nutrichat", isDirectory: true))
        }
        let userHome = environment["HOME"].map(expand) ?? FileManager.default.homeDirectoryForCurrentUser
        return NutriHome(url: userHome.appendingPathComponent(".local/share/nutrichat", isDirectory: true))
    }

    /// The reference food database.
    public var foodsDatabase: URL { url.appendingPathComponent("foods.sqlite") }
    /// The person's own data.
    public var journalDatabase: URL { url.appendingPathComponent("journal.sqlite") }
    /// Dining menus an operator imported (`nutrichat menus import`): reference data, apart from the journal.
    public var menusDatabase: URL { url.appendingPathComponent("menus.sqlite") }
    /// The REPL's line history.
    public var historyFile: URL { url.appendingPathComponent("history") }
    /// Where downloaded packages are kept.
    public var cache: URL { url.appendingPathComponent("cache", isDirectory: true) }
}
