/// What a message asks NutriChat to do; raw values are the names used in `Intents/` and in JSON output.
public enum Intent: String, CaseIterable, Sendable {
    /// Record food or drink that was eaten ("2 eggs for breakfast").
    case logFood = "log_food"
    /// Record plain water ("drank 500 ml of water").
    case logWater = "log_water"
    /// Record physical activity ("ran 5 km").
    case logExercise = "log_exercise"
    /// Record a body-weight measurement ("I weigh 80 kg").
    case logWeight = "log_weight"
    /// Ask about the nutrients of a food ("how much protein is in beef?").
    case askNutrition = "ask_nutrition"
    /// Ask about one's own totals, goals and history ("calories left today").
    case askProgress = "ask_progress"
    /// Change the last or a named entry ("actually 2 cups").
    case correct
    /// Remove the last or a named entry ("scratch that").
    case undo
    /// Set a daily target or weight goal ("set my calorie goal to 1800").
    case setGoal = "set_goal"
    /// Set age, sex, height, weight or activity level.
    case setProfile = "set_profile"
    /// Ask for ideas about what to eat.
    case suggest
    /// Create, show, change or delete a saved recipe or meal.
    case manageRecipe = "manage_recipe"
    /// Add a custom food with its nutrition facts.
    case addFood = "add_food"
    /// Say hello.
    case greet
    /// Say thank you.
    case thanks
    /// Say goodbye.
    case goodbye
    /// Ask what NutriChat can do or how to use it.
    case help
    /// Answer yes.
    case affirm
    /// Answer no or cancel.
    case deny
    /// Anything NutriChat does not handle (weather, music, restaurant bookings…).
    case outOfScope = "out_of_scope"

    /// The position in `allCases`.
    var index: Int { Intent.allCases.firstIndex(of: self) ?? 0 }

    /// Whether acting on this intent writes a new food, water, exercise or weight entry to the journal.
    public var isLogging: Bool {
        switch self {
        case .logFood, .logWater, .logExercise, .logWeight: return true
        default: return false
        }
    }

    /// Whether acting on this intent changes stored user data (entries, goals, profile, recipes, foods).
    public var changesJournal: Bool {
        switch self {
        case .logFood, .logWater, .logExercise, .logWeight, .correct, .undo, .setGoal, .setProfile,
            .manageRecipe, .addFood:
            return true
        default:
            return false
        }
    }
}
