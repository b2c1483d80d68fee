import ArgumentParser
import Foundation
import NutriChat
import NutriData
import NutriIntent
import NutriLanguage
import NutriStore

/// Runs a command body and turns any error into one line on stderr and exit status 1 — never a stack trace.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        Terminal.error("nutrichat: \(UserMessage.describe(error))")
        throw ExitCode(1)
    }
}

extension GlobalOptions {
    var resolvedHome: NutriHome { NutriHome.resolve(option: home) }

    var dataDirectoryURL: DataDirectory {
        guard let dataDirectory else { return .bundled }
        return .overriding(root: URL(fileURLWithPath: (dataDirectory as NSString).expandingTildeInPath, isDirectory: true))
    }

    /// A `--home` that names no folder is a typing mistake unless `--create` says to make it; the default home
    /// (and `$NUTRICHAT_HOME`) is created on first use.
    func checkHome() throws {
        guard let home, !home.isEmpty else { return }
        var isFolder: ObjCBool = false
        let path = resolvedHome.url.path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw UserFacingError("--home \(home) is a file, not a folder") }
            return
        }
        guard create else {
            throw UserFacingError("no such folder: --home \(home) (add --create to make a new home there)")
        }
        do {
            try PrivateFiles.createFolder(resolvedHome.url)
        } catch {
            throw UserFacingError("cannot create --home \(home): \(UserMessage.describe(error))")
        }
    }

    /// Opens the food data, installing it first (with a short message) when it is missing.
    func loadServices(autoInstall: Bool, language: LexiconLoad? = nil) throws -> FoodServices {
        try checkHome()
        let home = resolvedHome
        Leftovers.sweep(home.url)  // an interrupted import or install of a process that is gone
        if autoInstall, !FileManager.default.fileExists(atPath: home.foodsDatabase.path) {
            Terminal.error("First run: installing USDA food data into \(home.url.path)…")
            let installer = FoodDataInstaller(home: home, catalogs: try ReferenceCatalogs.load(from: dataDirectoryURL.lexicon))
            let bar = ProgressBar(label: "Importing foods")
            do {
                try installer.install(from: nil, log: Terminal.error, progress: bar.update)
            } catch {
                throw UserFacingError("cannot install the food data: \(UserMessage.describe(error))")
            }
        }
        return try FoodServices(data: dataDirectoryURL, foodsPath: home.foodsDatabase.path, language: language)
    }

    /// The food services plus a classifier trained from `Intents/`, ready to analyse messages.
    func loadAnalyzer() throws -> MealAnalyzer {
        // A mistyped --home is refused before anything is made; the home is made here, private (0700), before the
        // classifier's cache or the food data create it.
        try checkHome()
        try? PrivateFiles.createFolder(resolvedHome.url)
        return try AnalyzerLoader.load(data: dataDirectoryURL, home: resolvedHome) { try loadServices(autoInstall: true, language: $0) }
    }

    /// The person's journal in the resolved home (created and migrated on first use).
    func openJournal() throws -> Journal {
        try checkHome()
        Leftovers.sweep(resolvedHome.url)
        return try Journal(path: resolvedHome.journalDatabase.path)
    }

    /// The home's dining menus, or nil when none were ever imported (nothing is created).
    func existingMenus() throws -> MenuStore? {
        let path = resolvedHome.menusDatabase.path
        return FileManager.default.fileExists(atPath: path) ? try MenuStore(path: path) : nil
    }

    /// The journal opened only for reading (`diary`, `export`): works in a read-only home, writes nothing there
    /// but the removal of an interrupted run's leftovers, when the home lets it.
    func openJournalForReading() throws -> Journal {
        try checkHome()
        Leftovers.sweep(resolvedHome.url)
        return try Journal.openForReading(path: resolvedHome.journalDatabase.path)
    }

    /// `--now`, or the real clock.
    func clock() throws -> Clock {
        guard let now else { return Clock(now: Date()) }
        guard let clock = Clock.parse(now) else {
            throw UserFacingError("--now must be an ISO 8601 local time such as 2026-11-21T08:30:00, got '\(now)'")
        }
        return clock
    }
}
