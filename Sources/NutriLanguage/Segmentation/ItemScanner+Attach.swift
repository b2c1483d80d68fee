import Foundation

/// Folding food-less pieces into the item before them, and telling sizes and restatements apart from new items.
extension ItemScanner {
    /// Adds `item`, or folds an item without food into the one before it: "a bottle of water, 16.9 fl oz"
    /// gives the bottle its size; "chicken, grilled" gives the chicken its descriptor.
    func attach(_ item: FoodMention, to items: inout [FoodMention]) {
        guard item.food.isEmpty else { items.append(item); return }
        // "we got 2 burritos and I had one": a bare count after a group's order is the person's part of it, not a
        // second count of the order (the analyzer makes it the ordered food).
        if items.last?.groupOrder == true, item.groupOrder != true, item.amount.quantity != nil, item.amount.unit == nil,
           item.amount.package == nil, item.amount.size == nil, item.descriptors.isEmpty {
            items.append(item)
            return
        }
        guard var previous = items.popLast() else {
            if !item.amount.isEmpty { items.append(item) }
            return
        }
        if !item.descriptors.isEmpty {
            previous.descriptors.append(contentsOf: item.descriptors)
            for descriptor in item.descriptors {
                // "with skin" follows the food; "grilled" goes before it.
                let trailing = grammar.contains(descriptor.splitting(" ").first.map(String.init) ?? "", "descriptor-after")
                previous.food = trailing ? previous.food + " " + descriptor : descriptor + " " + previous.food
            }
        } else if let size = item.amount.size, previous.amount.size == nil, item.amount.unit == nil,
                  item.amount.package == nil, !previous.amount.isEmpty {
            // "a chicken drumstick, medium in size": a size said after the food sizes it.
            previous.amount.size = size
        } else if previous.amount.isEmpty, item.amount.quantity != nil {
            previous.amount = item.amount
        } else if let package = item.amount.package, previous.amount.package == nil,
                  previous.amount.unit == nil || previous.amount.unit == item.amount.unit {
            // "a bottle of Gatorade, a 20 fl oz bottle": the second mention gives the bottle's size.
            previous.amount.package = package
            if previous.amount.unit == nil { previous.amount.unit = item.amount.unit }
        } else if let unit = item.amount.unit, let quantity = item.amount.quantity,
                  lexicon.unitDefinition(for: unit)?.isMeasure == true {
            let previousIsMeasured = previous.amount.unit.flatMap { lexicon.unitDefinition(for: $0) }?.isMeasure == true
                || previous.amount.package != nil
            if previousIsMeasured {
                // "2 cups rice, 300 g": the first measure stands, as for "150g/5oz".
            } else if let count = previous.amount.quantity, count > 0 {
                // "a slice of banana bread, around 60g", "a bottle of water, 16.9 fl oz": one piece's content;
                // "2 eggs, 50 g each" says so itself.
                let each = item.text.lowercased().splitting(" ").contains { grammar.contains(String($0), "per-item") }
                previous.amount.package = Measure(quantity: each ? quantity : quantity / count, unit: unit)
            } else {
                // "some dried mango, about 40 grams": the measure is the amount.
                previous.amount = Amount(quantity: quantity, range: item.amount.range, unit: unit, size: previous.amount.size)
            }
        }
        previous.text += ", " + item.text
        items.append(previous)
    }

    /// "…, the Whopper from Burger King" after "a cheeseburger": a product named with "the", a capital and no amount,
    /// right after a counted food and a comma, names that food again. "the soup, the salad" has no count before it,
    /// and "a burger, the fries" names no product: both stay two items.
    func isRestatement(_ item: FoodMention, of previous: FoodMention) -> Bool {
        guard item.amount.isEmpty, !item.food.isEmpty, !previous.food.isEmpty, previous.amount.quantity == 1,
              previous.amount.isImplicit, previous.amount.unit == nil, previous.amount.package == nil else { return false }
        return Tokenizer.tokenize(TextNormalizer.normalizeKeepingMap(item.text), attachableUnits: []).contains {
            $0.isWord && $0.raw.first?.isUppercase == true
        }
    }

    /// "a large" alone: an article and a size, no food, no unit; the food follows after a comma.
    func isLoneSize(_ item: FoodMention) -> Bool {
        guard item.food.isEmpty, item.descriptors.isEmpty, item.amount.size != nil, item.amount.unit == nil,
              item.amount.package == nil, item.amount.isImplicit, item.amount.quantity == 1 else { return false }
        return FoldedWords.words(of: item.text).first.map { grammar.contains($0, "determiner") } == true
    }
}
