import Foundation
import NutriLanguage

/// Baby food said beside a food's name rather than in it: "170 g of macaroni with tomatoes and beef, made as junior
/// baby food", "a chicken noodle dinner, specially prepared for babies". The food is the baby food of that name
/// (SR24's "Babyfood, dinner, macaroni and tomato and beef, junior"), and words that name no food besides the baby
/// words ("specially prepared for babies") are no item of their own but say it of the food before them.
extension MealAnalyzer {
    /// `mentions` with baby food said where the text says it.
    func forBabies(_ mentions: [FoodMention]) -> [FoodMention] {
        let table = services.resolver.scorer.rules.scoringWords
        var result: [FoodMention] = []
        for mention in mentions {
            let words = MeasureText.words(mention.text)
            guard table.occurs("baby-phrase", in: words) else {
                result.append(mention)
                continue
            }
            if namesFoodBesidesBaby(mention) || isBareBabyFood(mention) {
                result.append(asBabyFood(mention, saying: words))
            } else if let last = result.indices.last {
                result[last] = asBabyFood(result[last], saying: words)
            } else {
                result.append(mention)
            }
        }
        return result
    }

    /// Whether the mention's food names something besides baby words ("macaroni", not "specially for baby").
    private func namesFoodBesidesBaby(_ mention: FoodMention) -> Bool {
        let rules = services.resolver.scorer.rules
        let rest = services.resolver.words(of: mention.food)
            .filter { !rules.babyWords.contains($0) && !rules.nonFoodWords.contains($0) }
        return !rest.isEmpty && namesFood(rest.joinedWithSpaces())
    }

    /// "a jar of baby food": the everyday name alone with an amount of its own is a food, not a note.
    private func isBareBabyFood(_ mention: FoodMention) -> Bool {
        let rules = services.resolver.scorer.rules
        let words = services.resolver.words(of: mention.food).filter { !rules.nonFoodWords.contains($0) }
        return (mention.amount.quantity != nil || mention.amount.unit != nil) && words.allSatisfy(rules.babyWords.contains)
    }

    /// The mention as the baby food of its name and fillings, with the jar size the text says ("junior").
    private func asBabyFood(_ mention: FoodMention, saying words: [String]) -> FoodMention {
        let rules = services.resolver.scorer.rules
        let table = rules.scoringWords
        guard !services.resolver.words(of: mention.food).contains(where: rules.babyWords.contains) else { return mention }
        let sizes = words.filter { rules.babyWords.contains($0) && !["baby", "babyfood", "infant"].contains($0) }
        let fillings = mention.fillings.filter { !table.occurs("baby-phrase", in: MeasureText.words($0)) }
        var baby = mention
        baby.food = (Array(Set(sizes)).sorted() + ["baby food", mention.food] + fillings).joinedWithSpaces()
        baby.fillings = []
        baby.dish = nil
        baby.dishHead = nil
        baby.base = nil
        return baby
    }
}
