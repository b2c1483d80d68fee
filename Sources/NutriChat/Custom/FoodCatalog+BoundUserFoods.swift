import Foundation

extension FoodCatalog {
    /// The custom foods and recipes of the account the current task works for (a server request); nil outside
    /// `withUserFoods`. A task-local value and not the catalog's own slot, so requests of different accounts can run
    /// at the same time over one shared catalog, resolver and database, each seeing only its own foods.
    @TaskLocal static var boundUserFoods: (any UserFoodSource)?

    /// Runs `body` with `source` as every catalog's user foods for this task (and the synchronous code it calls):
    /// a per-request view of the shared catalog. The catalog's own slot (`userFoods`' setter) is left alone.
    public static func withUserFoods<T>(_ source: any UserFoodSource, _ body: () throws -> T) rethrows -> T {
        try $boundUserFoods.withValue(source, operation: body)
    }
}
