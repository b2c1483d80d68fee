import Foundation
import NutriData
import NutriIntent
import NutriLanguage

/// Loads what every front end needs to read messages: the food services and a classifier trained from
/// `Intents/` (or read from its cache in the home), on both cores at once, since start-up is what a one-line
/// `parse` mostly pays for.
public enum AnalyzerLoader {
    /// `services` opens (or installs) the food data; the classifier trains meanwhile on another thread. A program
    /// other than `nutrichat` names its own `cacheFolder` inside the home's cache: the cache keeps the model of one
    /// executable only, so two programs sharing it would train again each time the other had run.
    /// `services` is given the lexicon load the classifier's thread shares: the lexicon is read once, by whichever
    /// thread asks first.
    public static func load(
        data: DataDirectory, home: NutriHome, cacheFolder: String? = nil, services: (LexiconLoad) throws -> FoodServices
    ) throws -> MealAnalyzer {
        let folder = cacheFolder.map { home.cache.appendingPathComponent($0, isDirectory: true) } ?? home.cache
        let cache = IntentModelCache.forRunningExecutable(in: folder)
        let intents = data.intents, lexicon = data.lexicon
        let language = LexiconLoad(directory: lexicon)
        let training = BackgroundResult {
            try IntentClassifier.train(fromDirectory: intents, lexicon: lexicon, cache: cache, language: language)
        }
        let loaded = try services(language)
        return MealAnalyzer(services: loaded, classifier: try training.value())
    }
}

/// Runs a throwing computation on another thread; `value()` waits for it and rethrows its error.
public final class BackgroundResult<Value>: @unchecked Sendable {
    private let group = DispatchGroup()
    private var result: Result<Value, Error>?

    public init(_ work: @escaping () throws -> Value) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = Result { try work() }
            self.group.leave()
        }
    }

    public func value() throws -> Value {
        group.wait()
        guard let result else { throw UserFacingError("background work did not finish") }
        return try result.get()
    }
}
