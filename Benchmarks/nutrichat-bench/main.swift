// nutrichat-bench: accuracy on ../shared/data and speed figures, printed for the README and issue notes.
//
//   swift run -c release nutrichat-bench eval [nutribench|ingredients|intents|intents-dev|all] [--misses N]
//   swift run -c release nutrichat-bench speed [parse|search|startup|all]
//
// Data is read from ../shared/data beside the repository (never copied in); a missing file is reported and skipped.
import Foundation
import NutriChat
import NutriData
import NutriIntent
import NutriLanguage

let arguments = Array(CommandLine.arguments.dropFirst())
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let sharedData = repository.deletingLastPathComponent().appendingPathComponent("shared/data", isDirectory: true)
let misses = arguments.firstIndex(of: "--misses").flatMap { Int(arguments[safe: $0 + 1] ?? "") } ?? 0
let home = NutriHome.resolve(option: arguments.firstIndex(of: "--home").flatMap { arguments[safe: $0 + 1] })
let reference = ReferenceDate(year: 2026, month: 11, day: 21, hour: 12, minute: 0, weekday: 7)

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("nutrichat-bench: \(message)\n".utf8))
    exit(1)
}

func loadAnalyzer() -> MealAnalyzer {
    do {
        let services = try FoodServices(data: .bundled, foodsPath: home.foodsDatabase.path)
        return MealAnalyzer(services: services, classifier: try IntentClassifier.train(fromDirectory: DataDirectory.bundled.intents))
    } catch {
        fail("\(UserMessage.describe(error)) (install the food data first: swift run -c release nutrichat data install)")
    }
}

func sharedFile(_ path: String) -> URL? {
    let url = sharedData.appendingPathComponent(path)
    guard FileManager.default.fileExists(atPath: url.path) else {
        print("skipped: \(url.path) is absent")
        return nil
    }
    return url
}

let mode = arguments.first ?? "eval"
let what = arguments.dropFirst().first { !$0.hasPrefix("--") && Int($0) == nil } ?? "all"

switch mode {
case "eval":
    if what == "nutribench" || what == "all" {
        let analyzer = loadAnalyzer()
        for name in ["wweia_natural_dev.csv", "wweia_metric_dev.csv"] {
            guard let file = sharedFile("nutribench-dev/\(name)") else { continue }
            do { print(try CarbEstimateEvaluation.run(csv: file, analyzer: analyzer, reference: reference).text(misses: misses)) }
            catch { fail(UserMessage.describe(error)) }
        }
    }
    if what == "ingredients" || what == "all", let file = sharedFile("ingredients-dev/ingredients_dev.csv") {
        do { print(try IngredientEvaluation.run(csv: file, lexiconDirectory: DataDirectory.bundled.lexicon)) }
        catch { fail(UserMessage.describe(error)) }
    }
    if what == "intents" || what == "all" {
        do { print(try IntentEvaluation.run(intentsDirectory: DataDirectory.bundled.intents)) }
        catch { fail(UserMessage.describe(error)) }
    }
    if what == "intents-dev" || what == "all", let file = sharedFile("intents-dev/clinc_val_mapped.tsv") {
        do { print(try IntentsDevEvaluation.run(tsv: file, analyzer: loadAnalyzer(), reference: reference).text(misses: misses)) }
        catch { fail("\(error)") }
    }
case "speed":
    SpeedBenchmarks(home: home, sharedData: sharedData, repository: repository, reference: reference).run(what)
default:
    fail("usage: nutrichat-bench eval [nutribench|ingredients|intents|intents-dev|all] [--misses N] | speed [parse|search|startup|all]")
}
