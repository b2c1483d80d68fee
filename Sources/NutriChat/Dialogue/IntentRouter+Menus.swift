import Foundation
import NutriIntent

/// What a message wants of today's dining menus.
enum MenuAsk: Equatable, Sendable {
    /// "what's for lunch at the north hall", "anything there without peanuts": a menu, maybe without allergens.
    case show
    /// "how much protein is in the chicken alfredo at the south hall": a dish's figures.
    case dish
    /// "I had the chicken alfredo from the north hall": the dish logged from the menu.
    case log
}

extension IntentRouter {
    /// A question about today's menus, or a dish of them logged, when the message is one; nil with no menu
    /// imported for today. A dish is logged from a menu only when its place is named or its menu was just talked
    /// about; otherwise the foods are looked up as always.
    func menu(_ reading: MenuReading?, intent: Intent, context: DialogueContext) -> Route? {
        guard let reading else { return nil }
        let placeKnown = reading.place != nil || context.menuFocus
        if !reading.dishes.isEmpty {
            if [.askNutrition, .askProgress].contains(intent) { return .menu(.dish) }
            if intent == .logFood || reading.logWord, placeKnown { return .menu(.log) }
        }
        if reading.menuWord { return .menu(.show) }
        if reading.ask, reading.place != nil || reading.meal != nil || context.menuFocus { return .menu(.show) }
        if !reading.without.isEmpty, reading.place != nil || (context.menuFocus && reading.follow) { return .menu(.show) }
        return nil
    }
}
