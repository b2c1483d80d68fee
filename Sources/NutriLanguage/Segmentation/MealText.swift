import Foundation

/// One food or drink in a message.
public struct FoodMention: Sendable, Equatable, Codable {
    /// The item's span as the person wrote it, trimmed ("2 cups oatmeal").
    public var text: String
    /// How much.
    public var amount: Amount
    /// Normalised food words: filler dropped, descriptors kept, last word singular ("scrambled egg").
    public var food: String
    /// Meaning-carrying words found in the item ("scrambled", "low-fat").
    public var descriptors: [String]
    /// For a dish described by its fillings, the dish as written without them ("chicken submarine sandwich" in
    /// "a chicken submarine sandwich topped with cheese and lettuce"); nil for any other item.
    public var dish: String?
    /// The `dish-heads.tsv` head that `dish` ends with ("submarine sandwich", "burrito").
    public var dishHead: String?
    /// The fillings and toppings named with the dish, each as a food phrase ("cheese", "lettuce"); `food` still
    /// holds them folded into one name, for a reference food that lists them ("biscuit with egg and sausage").
    public var fillings: [String]
    /// The bread or shell the text puts the dish on ("wheat bread" in "a sandwich with ham on wheat bread"), if any.
    public var base: String?
    /// Whether the item is on one plate with the item before it: joined by "with" or "mixed with" (or listed after
    /// such an item) with no amount of its own ("chicken" and "vegetables" in "rice with chicken and vegetables").
    public var sharesPlate = false
    /// The part of a food named before the amount of the whole ("zest" in "zest of 1 lemon"), already in `food`.
    public var part: String?
    /// The share of the food the person had when it was shared ("split a burrito with my wife" → 0.5); nil when
    /// it was not. The amount is the whole that was shared.
    public var share: Double?
    /// Whether a group got the food for its eaters together and the message says neither a share nor what the
    /// person had ("we ordered 2 large pizzas"): the amount is the whole order (`order` in company-words.tsv).
    /// Nil otherwise (optional so saved questions from before still read).
    public var groupOrder: Bool?

    /// Creates a mention.
    public init(text: String, amount: Amount, food: String, descriptors: [String] = [], dish: String? = nil,
                dishHead: String? = nil, fillings: [String] = []) {
        self.text = text
        self.amount = amount
        self.food = food
        self.descriptors = descriptors
        self.dish = dish
        self.dishHead = dishHead
        self.fillings = fillings
    }
}

/// A meal description broken into items, with its meal and date.
public struct MealText: Sendable, Equatable {
    /// The foods, in the order written.
    public var items: [FoodMention]
    /// The meal named, or guessed from the clock.
    public var meal: MealSlot?
    /// Whether `meal` came from the clock rather than from the text.
    public var mealFromClock: Bool
    /// The resolved day, YYYY-MM-DD (the reference day when the text names none).
    public var date: String?
    /// Days from the reference day as stated ("yesterday" = -1); nil when the text names no day.
    public var dayOffset: Int?
    /// Whether the message tells food was shared as a thing done ("I split a pizza with my wife", "we shared …"),
    /// not asks for it ("split a pizza into 8 slices", "share this recipe with my wife").
    public var sharingTold = false
    /// Whether the people food was shared with are named after the verb ("split a burrito with my wife"): a log
    /// when the food is surely known, though a bare verb may also be a request ("split the bill with my roommate").
    public var sharingNamed = false

    /// Creates a result.
    public init(items: [FoodMention], meal: MealSlot?, mealFromClock: Bool, date: String?, dayOffset: Int?) {
        self.items = items
        self.meal = meal
        self.mealFromClock = mealFromClock
        self.date = date
        self.dayOffset = dayOffset
    }
}
