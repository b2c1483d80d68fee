import Foundation

/// Dishes and their parts: fillings, breads, sides, and "meat and cheese" before a dish.
extension ItemScanner {
    /// "meat" in "meat and cheese calzone", "ham" in "ham and cheese sandwich": a short item that is not a dish,
    /// joined by "and" to a dish with no amount of its own.
    func isCoordinateModifier(_ previous: FoodMention, before item: FoodMention) -> Bool {
        guard item.amount.isEmpty, isDish(item), !isDish(previous),
              previous.food.splitting(" ").count <= 2 else { return false }
        return true
    }

    /// A piece with no amount of its own after a part phrase ("filled with", "topped with", "drizzled with") is part
    /// of the item before: a dish's filling ("a burrito packed with meat and beans") or what another food is made or
    /// dressed with ("a pancake drizzled with chocolate"). After a plain "with" it is part of a dish ("a burrito with
    /// meat and beans") or of a food weighed as a whole ("175 g of chicken with its coating"); otherwise it is a food
    /// of its own ("a bagel with cream cheese"). `continuing` is
    /// true inside a list of fillings ("with meat, beans, rice and sour cream"), where a side is a filling too.
    func canAbsorb(_ item: FoodMention, into previous: FoodMention, after kind: ConnectorKind,
                   continuing: Bool = false) -> Bool {
        // "a peanut butter and jelly sandwich with regular peanut butter": what the dish is made of, said again.
        let onlyDescribed = item.amount.isEmpty || item.amount.isImplicit && item.amount.unit == nil
            && item.amount.package == nil && (item.amount.quantity ?? 1) == 1
        if kind != .join, onlyDescribed, !item.food.isEmpty, describesOwnPart(item, of: previous) { return true }
        // "regular peanut butter": a size word alone is no amount of its own.
        let sizeOnly = item.amount.quantity == nil && item.amount.unit == nil && item.amount.package == nil
        // "filled with a blend of potatoes": right after a part phrase, an article is no amount either.
        // "250 g of pasta with a tomato sauce": what a weighed whole was served with, article or not.
        let describedWhole = kind == .with && !continuing && onlyDescribed && isWeighed(previous)
        // "complete with chunks of potatoes": pieces with no count are what the dish is made of.
        let uncountedPieces = kind == .part && (item.amount.quantity == nil || item.amount.isImplicit) && item.amount.package == nil
            && item.amount.size == nil && grammar.contains(item.amount.unit ?? "", "uncounted-piece")
        guard !item.food.isEmpty, item.amount.isEmpty || sizeOnly || (kind == .part && !continuing && onlyDescribed)
                || describedWhole || uncountedPieces
        else { return false }
        switch kind {
        case .join: return false
        case .with:
            // "a sandwich with egg and cheese": fillings; "a burger with fries", "a bagel with cream cheese": two foods.
            let words = item.food.splitting(" ").map(String.init)
            let side = words.last.map { lexicon.sides.contains($0) } == true
                || (words.count >= 2 && lexicon.sides.contains(words.suffix(2).joinedWithSpaces()))
            // "a frozen meal featuring steak with gravy, baked potatoes and corn": a plate's sides and dishes are on it.
            if dishHead(of: previous).map({ lexicon.plateHeads.contains($0) }) == true { return true }
            return isWeighed(previous) || (isDish(previous) && (!side || continuing) && !isDish(item))
        case .part: return true
        }
    }

    /// "a sandwich": a dish head alone, with no amount but an article.
    func isBareDish(_ item: FoodMention) -> Bool {
        guard item.amount.package == nil, item.amount.unit == nil, (item.amount.quantity ?? 1) == 1,
              item.amount.isEmpty || item.amount.isImplicit else { return false }
        return lexicon.dishHeads.contains(item.food) && item.descriptors.isEmpty
    }

    /// "the crispy skin", "a thin crust": a part of the dish before, whatever joined it.
    func isPart(_ item: FoodMention) -> Bool {
        // "a brownie cookie without icing", "a sweet potato without the skin": the food is what comes before.
        let named = item.food.splitting(" ").prefix { !grammar.contains(String($0), "ingredient-lead") && !grammar.contains(String($0), "exclusion") }
        guard item.amount.isEmpty || item.amount.isImplicit && item.amount.quantity == 1 && item.amount.unit == nil,
              let last = named.last else { return false }
        return lexicon.dishParts.contains(String(last))
    }

    func isDish(_ item: FoodMention) -> Bool {
        if item.dish != nil { return true }
        let words = item.food.splitting(" ").map(String.init)
        guard let last = words.last else { return false }
        if lexicon.dishHeads.contains(last) { return true }
        if words.count >= 2 && lexicon.dishHeads.contains(words.suffix(2).joinedWithSpaces()) { return true }
        return knownDishLength(item) != nil
    }

    /// The length of a known dish name at the start of the item's food ("nachos" in "nachos meat cheese").
    func knownDishLength(_ item: FoodMention) -> Int? {
        guard let length = parser.knownFoods.knownPrefix(item.food) else { return nil }
        let words = item.food.splitting(" ").prefix(length).map(String.init)
        guard let last = words.last else { return nil }
        let isHead = lexicon.dishHeads.contains(last) || lexicon.dishHeads.contains(words.suffix(2).joinedWithSpaces())
        return isHead ? length : nil
    }

    /// Weighed in metric mass ("175 g of …"): the weight is the whole thing. Ounces are left out, since "a 12 oz
    /// coffee" is a volume, and a package size is one piece's content, not the whole.
    func isWeighed(_ item: FoodMention) -> Bool {
        guard item.amount.package == nil, let unit = item.amount.unit else { return false }
        return grammar.contains(unit, "metric-mass")
    }

    /// Folds a part into its dish: a dish's fillings steer which food it is ("burrito" + "meat" → "meat burrito";
    /// "nachos" + "meat", "cheese" → "nachos meat cheese"); the bread of a known dish is already in it; a filling on a
    /// bread names a sandwich ("sausage" on a "biscuit"); other parts of a weighed item are only described.
    func absorb(_ item: FoodMention, into previous: inout FoodMention) {
        if isDish(previous) {
            if isBread(item) || describesOwnPart(item, of: previous) {
                if isBread(item), previous.base == nil { previous.base = item.food }
                previous.descriptors.append("with " + item.food)
            } else if knownDishLength(FoodMention(text: "", amount: Amount(), food: previous.dish ?? previous.food)) != nil {
                if !isPart(item) { noteFilling(item.food, of: &previous) }
                // A dish the caller knows keeps its name whole, so its alias still matches; fillings follow it.
                previous.food += " " + item.food
            } else {
                if !isPart(item) { noteFilling(item.food, of: &previous) }
                var words = previous.food.splitting(" ").map(String.init)
                let headLength = previous.dishHead.map { $0.splitting(" ").count }
                    ?? (lexicon.dishHeads.contains(words.suffix(2).joinedWithSpaces()) ? 2 : 1)
                words.insert(contentsOf: item.food.splitting(" ").map(String.init), at: max(0, words.count - headLength))
                previous.food = words.joinedWithSpaces()
            }
        } else if isBread(item) {
            previous.food += " " + item.food
        } else {
            previous.descriptors.append("with " + item.food)
        }
        previous.descriptors.append(contentsOf: item.descriptors)
        previous.text += " with " + item.text
    }

    /// Keeps the dish and its fillings apart as well as folded into `food`, so the resolver can build the dish from
    /// its parts when no single food has them all ("a burrito with egg" → a tortilla and an egg).
    func noteFilling(_ filling: String, of dish: inout FoodMention) {
        // "served without gravy" says what is not in the dish.
        guard let first = filling.splitting(" ").first, !grammar.contains(String(first), "exclusion") else { return }
        if dish.dish == nil {
            dish.dish = dish.food
            dish.dishHead = dishHead(of: dish)
        }
        dish.fillings.append(filling)
    }

    /// "meat" joined to "cheese calzone": the dish is "cheese calzone", "meat" its filling.
    /// "an egg" before ", cheese and bacon biscuit": a short food with an article and no amount or dish of its own,
    /// the first of a list of a dish's fillings.
    func isListedFilling(_ item: FoodMention) -> Bool {
        guard item.dishHead == nil, !isDish(item), !item.food.isEmpty, item.food.splitting(" ").count <= 2,
              item.amount.size == nil else { return false }
        if item.amount.isImplicit && item.amount.quantity == 1 && item.amount.unit == nil && item.amount.package == nil { return true }
        // "a 277 g chicken, beans and rice burrito": a weight said straight before the list, with no "of", weighs the
        // dish; "200 g of rice, bean and cheese burrito" weighs the rice.
        let weighed = item.amount.unit == nil ? item.amount.package != nil
            : item.amount.package == nil && item.amount.unit.flatMap { lexicon.unitDefinition(for: $0) }?.isMeasure == true
        guard item.amount.quantity != nil, weighed else { return false }
        return !FoldedWords.words(of: item.text).contains { grammar.contains($0, "of") }
    }

    /// Puts `first` before the fillings of `dish` ("egg" before "cheese and bacon biscuit"), with its article.
    func prependFilling(_ first: FoodMention, to dish: inout FoodMention) {
        dish.food = first.food + " " + dish.food
        dish.text = first.text + ", " + dish.text
        dish.descriptors = first.descriptors + dish.descriptors
        dish.amount = first.amount
        dish.fillings.insert(first.food, at: 0)
    }

    func joinCoordinate(_ previous: inout FoodMention, with item: FoodMention) {
        let filling = previous.food
        previous.food += " and " + item.food
        previous.text += " and " + item.text
        previous.descriptors += item.descriptors
        previous.dish = item.food
        previous.dishHead = dishHead(of: item)
        previous.fillings = [filling]
    }

    /// A piece whose last word the dish's name already has ("reduced sugar jelly" for a "peanut butter and jelly
    /// sandwich", "cheddar cheese" for a "cheese sandwich"): a description of the dish, not another filling.
    func describesOwnPart(_ item: FoodMention, of dish: FoodMention) -> Bool {
        guard isDish(dish), let last = item.food.splitting(" ").last.map(String.init),
              let head = dishHead(of: dish) else { return false }
        let name = (dish.dish ?? dish.food).splitting(" ").map(String.init)
        let modifiers = name.dropLast(head.splitting(" ").count)
        return modifiers.contains(last)
    }

    /// The `dish-heads.tsv` entry the dish's name ends with ("submarine sandwich" before "sandwich"), or the head of
    /// the known dish it starts with ("nachos" in "nachos meat cheese").
    func dishHead(of item: FoodMention) -> String? {
        let words = (item.dish ?? item.food).splitting(" ").map(String.init)
        if words.count >= 2, lexicon.dishHeads.contains(words.suffix(2).joinedWithSpaces()) {
            return words.suffix(2).joinedWithSpaces()
        }
        if let last = words.last, lexicon.dishHeads.contains(last) { return last }
        guard let length = knownDishLength(item) else { return nil }
        let known = Array(words.prefix(length))
        if known.count >= 2, lexicon.dishHeads.contains(known.suffix(2).joinedWithSpaces()) {
            return known.suffix(2).joinedWithSpaces()
        }
        return known.last
    }

    func isBread(_ item: FoodMention) -> Bool {
        let words = item.food.splitting(" ").map(String.init)
        guard let last = words.last else { return false }
        return lexicon.breadHeads.contains(last) || lexicon.breadHeads.contains(words.suffix(2).joinedWithSpaces())
    }
}
