// nutrichat-bench: accuracy on ../shared/data and speed figures, printed for the README and issue notes.
//
//   swift run -c release nutrichat-bench eval [nutribench|ingredients|intents|intents-dev|all] [--misses N]
//   swift run -c release nutrichat-bench speed [parse|search|startup|chat|report|cold|all]
//   swift run -c release nutrichat-bench speed serve [--accounts N] [--connections C] [--seconds S] [--rate R] [--server PATH] [--timing]
//   swift run -c release nutrichat-bench fuzz [--lines N] [--chat N]
//   swift run -c release nutrichat-bench crash [--trials N]   (kill -9 trials; exits 1 on a lost entry or leftover)
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
        // The product path: every line analysed as `nutrichat parse` analyses it, its first item scored.
        do { print(try IngredientLineEvaluation.evaluate(csv: file, analyzer: loadAnalyzer(), reference: reference).text(misses: misses)) }
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
case "fuzz":
    // Hostile generated lines through the real parse and chat processes; exits 1 when a promise breaks.
    let lines = arguments.firstIndex(of: "--lines").flatMap { Int(arguments[safe: $0 + 1] ?? "") } ?? 1_000_000
    let chat = arguments.firstIndex(of: "--chat").flatMap { Int(arguments[safe: $0 + 1] ?? "") } ?? 10_000
    if let index = arguments.firstIndex(of: "--write"), let path = arguments[safe: index + 1] {
        // The generated parse input alone, to replay a failure by hand.
        var generator = FuzzLines(seed: FuzzRun.defaultSeed)
        do { try generator.write(lines: lines, to: URL(fileURLWithPath: path)) } catch { fail("cannot write \(path)") }
        exit(0)
    }
    if !FuzzRun(repository: repository, home: home.url, parseLines: lines, chatLines: chat).run() { exit(1) }
case "speed" where what == "serve":
    // Not part of "all": it starts a server and seeds accounts (about a minute with the defaults).
    func flag(_ name: String) -> String? { arguments.firstIndex(of: name).flatMap { arguments[safe: $0 + 1] } }
    var bench = ServeBenchmark(home: home.url, repository: repository)
    bench.accounts = flag("--accounts").flatMap(Int.init).map { max(1, min($0, 100_000)) } ?? 1_000
    bench.connections = flag("--connections").flatMap(Int.init).map { max(1, min($0, 512)) } ?? 64
    bench.seconds = flag("--seconds").flatMap(Double.init).map { max(1, min($0, 600)) } ?? 20
    bench.rate = flag("--rate").flatMap(Double.init).map { max(0, min($0, 100_000)) } ?? 0
    bench.server = flag("--server").map { URL(fileURLWithPath: $0) }
    bench.timing = arguments.contains("--timing")
    bench.database = flag("--database")
    bench.run()
case "speed":
    SpeedBenchmarks(home: home, sharedData: sharedData, repository: repository, reference: reference).run(what)
case "crash":
    let trials = arguments.firstIndex(of: "--trials").flatMap { Int(arguments[safe: $0 + 1] ?? "") } ?? 200
    CrashBenchmark(home: home, repository: repository, trials: trials).run()
default:
    fail("usage: nutrichat-bench eval [nutribench|ingredients|intents|intents-dev|all] [--misses N] | speed [parse|search|startup|chat|report|cold|all|serve] | fuzz [--lines N] [--chat N] | crash [--trials N]")
}
