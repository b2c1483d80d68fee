import Foundation

/// One journal API over two stores: food entries, water, exercise, weights, goals, the profile, custom foods,
/// recipes, preferences, settings, meal slots, the dialogue's saved state and liked suggestions, with the same rules
/// and the same answers whether they live in an account's SQLite journal (`Journal`) or in PostgreSQL
/// (`PostgresJournalStore`, in NutriServer). The undo history, day totals, goal notes and storage failures the
/// conversation needs are in the protocols this one joins (JournalStore+Conversation.swift).
public protocol JournalStore: UserFoodStore, JournalHistoryStore, JournalDayReads, JournalGoalNotes, JournalFailures {
    /// Saves new food entries together, refusing them all when one breaks `JournalRules` or names no food.
    @discardableResult func addEntries(_ entries: [JournalEntry]) throws -> [JournalEntry]
    /// Replaces an entry in place (a correction), keeping its id.
    func updateEntry(_ entry: JournalEntry) throws
    /// Deletes entries by id; returns how many were deleted.
    @discardableResult func deleteEntries(ids: [Int64]) throws -> Int
    /// One entry by id.
    func entry(id: Int64) throws -> JournalEntry?
    /// Entries from `start` to `end` inclusive, by date, meal slot and logging order.
    func entries(from start: String, to end: String) throws -> [JournalEntry]

    /// Goals set directly, by key ("energy_kcal" → 1800).
    func goals() throws -> [String: Double]
    /// Sets (or replaces) the goal for `key`; refuses what `JournalRules` refuses.
    func setGoal(_ key: String, to amount: Double, at date: Date) throws
    /// Removes the goal for `key`; returns whether there was one.
    @discardableResult func clearGoal(_ key: String) throws -> Bool

    /// The profile, empty until something is set.
    func profile() throws -> ProfileRecord
    /// Saves the whole profile; refuses what `JournalRules` refuses.
    func saveProfile(_ profile: ProfileRecord) throws

    /// Logs plain water; refuses what `JournalRules` refuses.
    @discardableResult func addWater(_ record: WaterRecord) throws -> WaterRecord
    /// The water records of one day, in logging order.
    func waterRecords(on date: String) throws -> [WaterRecord]
    /// Deletes water records by id.
    func deleteWater(ids: [Int64]) throws

    /// Logs a bout of exercise; refuses what `JournalRules` refuses.
    @discardableResult func addExercise(_ record: ExerciseRecord) throws -> ExerciseRecord
    /// Exercise from `start` to `end` inclusive, by date and logging order.
    func exercise(from start: String, to end: String) throws -> [ExerciseRecord]
    /// Deletes exercise records by id; returns how many were deleted.
    @discardableResult func deleteExercise(ids: [Int64]) throws -> Int

    /// Saves the weight of a day, replacing the day's earlier one; returns both.
    @discardableResult func logWeight(_ record: WeightRecord) throws -> (saved: WeightRecord, replaced: WeightRecord?)
    /// Weights from `start` to `end` inclusive, oldest first.
    func weights(from start: String, to end: String) throws -> [WeightRecord]
    /// The latest weight on or before `date`.
    func latestWeight(onOrBefore date: String) throws -> WeightRecord?
    /// Deletes the weight of a day; returns it, if there was one.
    @discardableResult func deleteWeight(on date: String) throws -> WeightRecord?

    /// The custom food with this id number, or nil.
    func customFood(id: Int64) throws -> CustomFoodRecord?
    /// The custom food with this name (ASCII letters in any case), or nil.
    func customFood(named name: String) throws -> CustomFoodRecord?
    /// Every custom food with how often it was logged, sorted as asked.
    func customFoods(sortedBy order: UserFoodOrder) throws -> [UserFoodListing<CustomFoodRecord>]
    /// How many entries name `foodId` ("custom:3", "recipe:2", "usda:09040").
    func timesEaten(foodId: String) throws -> Int
    /// Saves a new custom food; refuses what `UserFoodRules` refuses and a name a custom food or recipe has.
    @discardableResult func addCustomFood(_ food: CustomFoodRecord) throws -> CustomFoodRecord
    /// Replaces a custom food's name, serving and nutrients, keeping its id; entries keep their values.
    @discardableResult func updateCustomFood(_ food: CustomFoodRecord, at date: Date) throws -> CustomFoodRecord
    /// Deletes a custom food; returns it, if there was one. Entries naming it keep their values and still resolve.
    @discardableResult func deleteCustomFood(id: Int64) throws -> CustomFoodRecord?

    /// The recipe with this id number, with its ingredients, or nil.
    func recipe(id: Int64) throws -> Recipe?
    /// The recipe with this name (ASCII letters in any case), or nil.
    func recipe(named name: String) throws -> Recipe?
    /// Every recipe with how often it was logged, sorted as asked.
    func recipes(sortedBy order: UserFoodOrder) throws -> [UserFoodListing<Recipe>]
    /// Saves a new recipe with its ingredients in order, all or nothing; the same refusals as custom foods.
    @discardableResult func addRecipe(_ recipe: RecipeRecord, ingredients: [RecipeIngredientRecord]) throws -> Recipe
    /// Replaces a recipe's name and servings, and its ingredients when given; keeps its id.
    @discardableResult func updateRecipe(_ recipe: RecipeRecord, ingredients: [RecipeIngredientRecord]?, at date: Date) throws -> Recipe
    /// Deletes a recipe with its ingredients; returns it, if there was one.
    @discardableResult func deleteRecipe(id: Int64) throws -> Recipe?

    /// Saves a preference, replacing an earlier one about the same item; refuses what `JournalRules` refuses.
    @discardableResult func addPreference(_ record: PreferenceRecord) throws -> PreferenceRecord
    /// Every preference, in the order saved.
    func preferences() throws -> [PreferenceRecord]
    /// Removes the preference about `item`; returns it, if there was one.
    @discardableResult func removePreference(item: String) throws -> PreferenceRecord?

    /// Every setting, by key.
    func settings() throws -> [String: String]
    /// One setting, or nil when never set.
    func setting(_ key: String) throws -> String?
    /// Sets (or replaces) a setting; refuses what `JournalRules.checkSetting` refuses.
    func setSetting(_ key: String, to value: String, at date: Date) throws

    /// The meal slots in display order as they were on `date`: today's slots with every later change undone.
    func mealSlotNames(on date: String) throws -> [String]
    /// Today's meal slots in display order.
    func mealSlots() throws -> [MealSlotRecord]
    /// The slot named `name`, or `MealSlotError.unknown` listing the slots there are.
    func existingMealSlot(_ name: String) throws -> MealSlotRecord
    /// The slot named `name` (folded as slot names are), or nil.
    func mealSlot(named name: String) throws -> MealSlotRecord?
    /// The slot a meal word means today, following renames; nil when it was deleted or never existed.
    func currentMealSlotName(for name: String) throws -> String?
    /// How many entries are filed under the slot `name`, from `today` on and before it.
    func mealSlotUsage(_ name: String, today: String) throws -> MealSlotUsage
    /// Adds a slot at the end; refuses what `MealSlotName` refuses and a name a slot has (`MealSlotError`).
    @discardableResult func addMealSlot(named text: String, today: String, now: Date) throws -> MealSlotRecord
    /// Renames a slot; entries from `today` on move with it. Returns how many moved.
    @discardableResult func renameMealSlot(_ oldText: String, to newText: String, today: String, now: Date) throws -> Int
    /// Moves a slot to `position` (1-based), shifting the others.
    func moveMealSlot(_ text: String, to position: Int, today: String, now: Date) throws
    /// Deletes a slot (never the last) and its entries from `today` on. Returns how many entries went.
    @discardableResult func deleteMealSlot(_ text: String, today: String, now: Date) throws -> Int

    /// The dialogue state saved under `key` ("conversation", "suggestions"), or nil.
    func dialogueState(_ key: String) throws -> Data?
    /// Saves (or, with nil, forgets) the dialogue state under `key`; refuses what `JournalRules.checkDialogueState` refuses.
    func saveDialogueState(_ key: String, _ state: Data?, at date: Date) throws

    /// Titles of the suggestions the person liked, lowercased.
    func likedSuggestions() throws -> Set<String>
    /// Remembers a liked suggestion once per title (ASCII letters in any case); `source` says where it came from.
    func likeSuggestion(title: String, source: String, at date: Date) throws
}

extension Journal: JournalStore {}
