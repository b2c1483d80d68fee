import Foundation
import NutriLanguage
import NutriStore

/// The journal's custom foods and recipes, reloaded whenever they change (a cheap fingerprint query tells), so a food
/// added by `nutrichat foods add` in another process shows up in a running chat too.
public final class JournalFoodSource: UserFoodSource, @unchecked Sendable {
    private let store: any UserFoodStore
    private let words: (String) -> [String]
    private let lock = NSLock()
    private var fingerprint: String?
    private var foods: [UserFood] = []
    private var byId: [String: UserFood] = [:]

    /// A source over `store`; `words` turns a name into the words the resolver compares.
    public init(store: any UserFoodStore, words: @escaping (String) -> [String]) {
        self.store = store
        self.words = words
    }

    public func userFoods() -> [UserFood] {
        refreshed().foods
    }

    public func userFood(id: String) -> UserFood? {
        guard UserFood.isUserFoodId(id) else { return nil }
        return refreshed().byId[id]
    }

    /// The current foods; on a read error the last good copy stands (a busy journal must not break a lookup).
    private func refreshed() -> (foods: [UserFood], byId: [String: UserFood]) {
        lock.lock()
        defer { lock.unlock() }
        guard let now = try? store.userFoodsFingerprint() else { return (foods, byId) }
        if now != fingerprint, let rows = try? store.userFoodRows() {
            foods = rows.customFoods.map { UserFood($0, words: words) } + rows.recipes.map { UserFood($0, words: words) }
            byId = Dictionary(foods.map { ($0.food.id, $0) }, uniquingKeysWith: { first, _ in first })
            fingerprint = now
        }
        return (foods, byId)
    }
}

extension FoodServices {
    /// Makes the custom foods and recipes of `store` part of lookup, search and logging: they come first.
    /// Call once the journal is open (the CLI opens the food data first); `parse` passes a read-only store.
    public func useUserFoods(from store: any UserFoodStore) {
        catalog.userFoods = userFoodSource(for: store)
    }

    /// The custom foods and recipes of `store`, compared by the resolver's words; the server binds one per account
    /// with `FoodCatalog.withUserFoods` instead of setting the shared catalog's slot.
    public func userFoodSource(for store: any UserFoodStore) -> JournalFoodSource {
        JournalFoodSource(store: store, words: { [weak resolver] name in
            resolver?.words(of: name) ?? FoldedWords.words(of: name)
        })
    }
}
