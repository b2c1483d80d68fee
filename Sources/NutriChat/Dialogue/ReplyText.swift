import Foundation
import NutriLanguage
import NutriIntent
import NutriStore

/// Every sentence the conversation says, in one place.
struct ReplyText {
    /// The lexicon's plurals, for counted foods in replies ("Did you mean 9 bananas?").
    var plurals = PluralForms()

    struct DaySummary {
        var kcal: Double
        var goal: Double
    }

    struct FoodFacts {
        var label: String
        var food: Food
        var per100g: NutrientValues
        var portionText: String?
        var portionGrams: Double?
        var stated: Bool
    }

    // MARK: - Formatting

    static func number(_ value: Double) -> String {
        if value == value.rounded() || !value.isFinite || abs(value) >= 1e15 { return value.wholeNumberText }
        return String(format: value < 10 ? "%.2g" : "%.1f", value).replacingOccurrences(of: ".0", with: "")
    }

    static func kcal(_ value: Double) -> String {
        value.groupedWholeNumberText + " kcal"
    }

    static func amount(_ value: Double, _ unit: String) -> String {
        let text = value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
        let trimmed = text.contains(".") ? text.replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\\.$", with: "", options: .regularExpression) : text
        return unit == "kcal" ? "\(trimmed) kcal" : "\(trimmed) \(unit)"
    }

    /// The food as the person said it, without a leading "some", "the" or "my": "chips" for "some chips".
    static func spokenFood(_ mention: FoodMention) -> String {
        var words = mention.text.splitting(" ").map(String.init)
        while let first = words.first, ["some", "the", "my", "a", "an", "any", "more"].contains(first.lowercased()) {
            words.removeFirst()
        }
        let spoken = words.joined(separator: " ")
        return spoken.isEmpty || spoken.count > 40 ? mention.food : spoken
    }

    static func dayName(_ date: String, today: String) -> String {
        if date == today { return "today" }
        return "on \(date)"
    }

    // MARK: - Logging

    func logged(_ entries: [JournalEntry], day: String, today: String, total: Double) -> String {
        let items = entries.map { "\($0.text) (\(Self.kcal($0.kcal)))" }
        let meal = entries.first?.meal ?? "a meal"
        let when = day == today ? "" : " on \(day)"
        let dayText = day == today ? "Today so far" : "Total for \(day)"
        return "Logged for \(meal)\(when): \(items.joined(separator: ", ")). \(dayText): \(Self.kcal(total))."
    }

    func ask(_ pending: PendingQuestion) -> String {
        switch pending {
        case .quantity(let item):
            if let problem = item.item.amountProblem { return doubtful(problem, food: item.item.mention.food) }
            // The analyzer's question names the food's own units ("e.g. 1 cup, 1/2 cup, 160 g"; "3 oz, 90 g").
            if let asked = item.item.question, asked.hasPrefix("How much") { return asked }
            return "How much \(Self.spokenFood(item.item.mention))? e.g. 1 cup, 200 g"
        case .choice(let item):
            let options = item.item.candidates.prefix(3).enumerated().map { index, candidate in
                "\(index + 1)) \(candidate.food.name)" + (candidate.food.kcalPer100g.map { " — \(Self.kcal($0))/100 g" } ?? "")
            }
            return "Which \(item.item.mention.food) did you mean? " + options.joined(separator: "  ")
        case .entry:
            return "Which entry did you mean? Say its number."
        }
    }

    func unknownFoods(_ names: [String]) -> String {
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        return "I couldn't find \(list) in the food database. You can add it as a custom food, e.g. \"add a food: \(names.first ?? "name"), 200 kcal, 10 g protein per serving\"."
    }

    func cancelled(_ food: String) -> String { "OK, I won't log the \(food)." }
    func water(added: Double, total: Double, imperial: Bool = false) -> String {
        "Logged \(Self.waterVolume(added, imperial)) of water. Water today: \(Self.waterVolume(total, imperial))."
    }
    /// "how much water have I had": the day's water alone.
    func waterDay(_ total: Double, date: String, today: String, imperial: Bool = false) -> String {
        "Water \(date == today ? "today" : "on \(date)"): \(Self.waterVolume(total, imperial))."
    }
    /// Water in ml, or in fl oz to one decimal for a person who prefers imperial units.
    private static func waterVolume(_ ml: Double, _ imperial: Bool) -> String {
        imperial ? amount((ml / 29.5735 * 10).rounded() / 10, "fl oz") : amount(ml, "ml")
    }

    let nothingToUndo = "There's nothing to undo."
    let nothingToCorrect = "There's no entry to correct yet. Tell me what you ate first."
    let correctionUnclear = "What should I change? Say e.g. \"actually 2 cups\", \"I meant brown rice\" or \"change the rice to 1 cup\"."
    let noFoodFound = "I didn't catch a food there. Try something like \"2 eggs and toast for breakfast\"."
    let nothingPending = "OK."
    let whichFood = "Which food do you mean? e.g. \"how much protein is in 100 g of chicken breast?\""
    func nothingNamed(_ text: String) -> String { "I couldn't find \"\(text)\" in today's entries." }

    // MARK: - Small talk

    let empty = "Say what you ate, drank or did, e.g. \"2 eggs and toast for breakfast\"."
    func tooLong(_ count: Int) -> String { "That message is too long for me (\(count) characters). Try one meal at a time." }
    func failed(_ reason: String) -> String { "Not saved: \(reason)." }
    func greeting(_ day: DaySummary) -> String {
        "Hi! Today so far: \(Self.kcal(day.kcal)) of \(Self.kcal(day.goal)). What did you eat?"
    }
    let thanks = "You're welcome!"
    let goodbye = "Bye! Your journal is saved."
    let outOfScope = "I can't help with that — I log what you eat and drink and answer nutrition questions. Try \"a banana for breakfast\" or \"how much protein is in eggs?\"."
    let help = """
        Tell me what you eat and drink, and ask about foods or your day. For example:
          2 cups oatmeal and a banana for breakfast
          I had rice for lunch          (I'll ask how much)
          actually make that 3          (fixes the last entry; "change the rice to 2 cups" fixes that one)
          undo  ·  redo                 (takes back the last change, or puts it back)
          delete #2  ·  move the apple to breakfast
          a glass of water
          how much protein is in beef?
          which has more iron, spinach or lentils?
          how am I doing today?  ·  what did I eat yesterday?  ·  weekly summary
        """
    func notYet(_ intent: Intent) -> String {
        switch intent {
        case .logExercise: return "I can't track exercise yet — for now I log food and water."
        case .logWeight: return "I can't track weight yet — for now I log food and water."
        case .setGoal, .setProfile: return "Profiles and goals are coming; until then I use a 2,000 kcal daily goal."
        case .suggest: return "I can't suggest meals yet, but I can tell you what's in a food: \"how much protein is in lentils?\""
        case .manageRecipe, .addFood: return "Custom foods and recipes are coming soon."
        default: return outOfScope
        }
    }

    // MARK: - Answers

    func nutritionFacts(_ facts: FoodFacts, nutrients: [NutrientInfo]) -> String {
        var text = "\(facts.food.name) — per 100 g: "
        text += nutrients.map { info in Self.amount(facts.per100g[info.key] ?? 0, info.unit) + " \(info.label.lowercased())" }
            .joined(separator: ", ")
        if let grams = facts.portionGrams, let portion = facts.portionText {
            let scaled = nutrients.map { info in Self.amount((facts.per100g[info.key] ?? 0) * grams / 100, info.unit) + " \(info.label.lowercased())" }
            text += ". \(facts.stated ? portion.prefix(1).uppercased() + portion.dropFirst() : "A typical portion") (\(Self.amount(grams, "g"))): " + scaled.joined(separator: ", ")
        }
        return text + "."
    }

    /// What the last message logged holds, from its entries' own nutrients: "2 eggs: 143 kcal energy, 12.6 g
    /// protein." for one entry; for several, each entry's share of the first nutrient asked and the sums:
    /// "2 eggs (12.6 g), toast (2.8 g): 15.4 g protein in all."
    func loggedFacts(_ entries: [JournalEntry], nutrients: [NutrientInfo]) -> String {
        // Energy as the log's reply shows it ("143 kcal"), other nutrients with their names ("12.6 g protein").
        func value(_ amount: Double, _ info: NutrientInfo) -> String {
            info.unit == "kcal" ? Self.kcal(amount) : Self.amount(amount, info.unit)
        }
        func named(_ amount: Double, _ info: NutrientInfo) -> String {
            info.unit == "kcal" ? Self.kcal(amount) : value(amount, info) + " \(info.label.lowercased())"
        }
        let sums = nutrients.map { info in named(entries.reduce(0) { $0 + ($1.nutrients[info.key] ?? 0) }, info) }
        let text: String
        if entries.count > 1, let first = nutrients.first {
            let shares = entries.map { "\($0.text) (\(value($0.nutrients[first.key] ?? 0, first)))" }
            text = shares.joined(separator: ", ") + ": " + sums[0] + " in all"
                + (sums.count > 1 ? ", " + sums.dropFirst().joined(separator: ", ") : "") + "."
        } else {
            text = "\(entries.first?.text ?? ""): " + sums.joined(separator: ", ") + "."
        }
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// Which food has more of the nutrient (`wantsLess`: less), with each food's amount per 100 g.
    func comparison(_ facts: [FoodFacts], nutrient: NutrientInfo?, wantsLess: Bool) -> String {
        let info = nutrient
        let key = info?.key ?? "energy_kcal"
        let unit = info?.unit ?? "kcal"
        let label = info?.label.lowercased() ?? "energy"
        let sorted = facts.sorted { ($0.per100g[key] ?? 0) > ($1.per100g[key] ?? 0) }
        guard let winner = wantsLess ? sorted.last : sorted.first else { return whichFoodShort }
        let list = sorted.map { "\($0.label): \(Self.amount($0.per100g[key] ?? 0, unit))" }.joined(separator: ", ")
        return "\(winner.label.prefix(1).uppercased() + winner.label.dropFirst()) has \(wantsLess ? "less" : "more") \(label) per 100 g (\(list))."
    }

    private var whichFoodShort: String { "Which foods should I compare?" }

    func progress(date: String, today: String, totals: NutrientValues, entries: Int, water: Double, goal: Double) -> String {
        let kcal = totals["energy_kcal"] ?? 0
        let when = date == today ? "Today" : "On \(date)"
        guard entries > 0 else {
            return "\(when): nothing logged yet" + (water > 0 ? ", water \(Self.amount(water, "ml"))." : ".") + " Your goal is \(Self.kcal(goal))."
        }
        var text = "\(when): \(Self.kcal(kcal)) of your \(Self.kcal(goal)) goal"
        if date == today { text += kcal <= goal ? " (\(Self.kcal(goal - kcal)) left)" : " (\(Self.kcal(kcal - goal)) over)" }
        text += ". Protein \(Self.amount(totals["protein_g"] ?? 0, "g")), carbs \(Self.amount(totals["carbohydrate_g"] ?? 0, "g")), fat \(Self.amount(totals["fat_g"] ?? 0, "g"))"
        if water > 0 { text += ", water \(Self.amount(water, "ml"))" }
        return text + "."
    }

    func eaten(_ entries: [JournalEntry], date: String, today: String) -> String {
        let when = date == today ? "today" : "on \(date)"
        guard !entries.isEmpty else { return "Nothing logged \(when)." }
        var meals: [String] = []
        var order: [String] = []
        var byMeal: [String: [JournalEntry]] = [:]
        for entry in entries {
            if byMeal[entry.meal] == nil { order.append(entry.meal) }
            byMeal[entry.meal, default: []].append(entry)
        }
        for meal in order {
            let items = byMeal[meal] ?? []
            let total = items.reduce(0) { $0 + $1.kcal }
            meals.append("\(meal.prefix(1).uppercased() + meal.dropFirst()) (\(Self.kcal(total))): " + items.map(\.text).joined(separator: ", "))
        }
        let total = entries.reduce(0) { $0 + $1.kcal }
        return "You ate \(when): " + meals.joined(separator: "; ") + ". Total \(Self.kcal(total))."
    }

    func week(_ days: [(String, Double)], goal: Double) -> String {
        let logged = days.filter { $0.1 > 0 }
        guard !logged.isEmpty else { return "Nothing logged in the last 7 days." }
        let average = logged.reduce(0) { $0 + $1.1 } / Double(logged.count)
        let list = days.map { "\($0.0.suffix(5)): \($0.1 > 0 ? Self.kcal($0.1) : "—")" }.joined(separator: ", ")
        return "Last 7 days — \(list). Average \(Self.kcal(average)) on \(logged.count) logged day\(logged.count == 1 ? "" : "s") (goal \(Self.kcal(goal)))."
    }
}
