import ArgumentParser
import Foundation
import NutriChat
import NutriData
import NutriIntent
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

    /// Opens the food data, installing it first (with a short message) when it is missing.
    func loadServices(autoInstall: Bool) throws -> FoodServices {
        let home = resolvedHome
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
        return try FoodServices(data: dataDirectoryURL, foodsPath: home.foodsDatabase.path)
    }

    /// The food services plus a classifier trained from `Intents/`, ready to analyse messages.
    func loadAnalyzer() throws -> MealAnalyzer {
        let services = try loadServices(autoInstall: true)
        let classifier = try IntentClassifier.train(fromDirectory: dataDirectoryURL.intents)
        return MealAnalyzer(services: services, classifier: classifier)
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
