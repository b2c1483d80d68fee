import Foundation

/// Walks the tokens of one message left to right and cuts them into food items.
///
/// An item is `<amount>? <food words>` and ends at a separator (",", ";", "."), a connector ("and", "with",
/// "washed down with"), a meal or date expression, or a second amount. Known food names are taken whole
/// first, so "mac and cheese" never splits; multi-word descriptors come before connectors, so "with skin"
/// stays in the item.
struct ItemScanner {
    let parser: MealTextParser
    let tokens: [Token]
    let normalized: NormalizedText
    let knownSpans: [Int: (length: Int, name: String)]
    let consumed: [Bool]
    /// Tokens of the person's own food names, which filler never eats ("a meal" before "meal pack"); built-in names
    /// may still sit inside filler ("cooked in oil" drops the oil).
    var ownNames: Set<Int> = []
    /// The tokens whose items were shared, and the share each eater had ("split a burrito with my wife": 1/2).
    var shared: (tokens: Range<Int>, share: Double)?
    /// The tokens whose items a group got for its eaters together ("we ordered 2 large pizzas").
    var ordered: Range<Int>?

    static let separators: Set<String> = [",", ";", ".", "!", "?", ":", "[", "]", "\"", "*", "=", "<", ">", "@", "#"]
    // Prepositions, articles and list words are `grammar-words.tsv` (kinds preposition, definite, determiner,
    // list-and, list-more), read through `lexicon.grammarWords`.
    /// Tokens that never go into a food name.
    static let skipped: Set<String> = ["-", "/", "'", "~", "(", ")", "%"]

    var lexicon: LanguageLexicon { parser.lexicon }
    var grammar: WordKinds { parser.lexicon.grammarWords }

    mutating func scan() -> [FoodMention] {
        var items: [FoodMention] = []
        var i = 0
        var connector: ConnectorKind?
        var attaching: ConnectorKind?
        var joinedByAnd = false
        // Whether only a comma stood between the last two items, and before the one being read.
        var commaBeforeLast = false
        var commaBefore = false
        // Whether "the" stood before the item being read ("…, the Whopper").
        var definiteBefore = false
        // Whether the connector only continues a list of parts ("…, beans, rice and sour cream").
        var continuing = false
        // A size said before its food and cut off from it ("a large, steaming bowl of …").
        var pendingSize: String?
        // Whether the last item was served with the one before it, so that a list after it is on the same plate.
        var plateOpen = false
        // Whether the last item was a lone describing word cut off by a comma ("a cup of ready-to-drink, …").
        var modifierOpen = false
        // Whether the last item was joined to the one before it by "and", with no amount of its own ("… and cheese").
        var andOpen = false
        while i < tokens.count {
            if let skip = skipBetweenItems(at: i) {
                // "topped with egg, cheese, and bacon": a comma inside a list of parts continues it.
                if skip.connector == nil, tokens[i].text == ",", let kind = attaching { connector = kind; continuing = true }
                if skip.connector == nil, tokens[i].text == "," { commaBefore = true }
                if skip.connector != nil { commaBefore = false }
                if skip.connector == nil, grammar.contains(tokens[i].text, "definite") { definiteBefore = true }
                if skip.connector != nil { joinedByAnd = grammar.contains(tokens[i].text, "list-and") }
                if let kind = skip.connector {
                    // "and" or "&" continue a list of ingredients; any other joining phrase ends it.
                    if kind == .join, !grammar.contains(tokens[i].text, "list-and") && !grammar.contains(tokens[i].text, "list-more") { attaching = nil }
                    connector = kind == .join ? attaching : kind
                    continuing = kind == .join && attaching != nil
                }
                i = skip.next
                continue
            }
            let itemStart = i
            let (read, next) = readItem(at: i)
            i = max(next, i + 1)
            guard var item = read else { continue }
            if let shared, shared.tokens.contains(itemStart) { item.share = shared.share }
            if let ordered, ordered.contains(itemStart) { item.groupOrder = true }
            let namesKnownFood = (itemStart..<min(max(next, itemStart + 1), tokens.count)).contains { knownSpans[$0] != nil }
            if modifierOpen, commaBefore, connector == nil, namesKnownFood, item.amount.isEmpty, let index = items.indices.last {
                // "a cup of ready-to-drink, reduced sugar chocolate milk", "a glass of cold, fresh orange juice": the
                // word before the comma describes the food after it; the amount said first is the food's.
                items[index].food += " " + item.food
                items[index].descriptors += item.descriptors
                items[index].text += ", " + item.text
                items[index].dish = item.dish
                items[index].dishHead = item.dishHead
                items[index].fillings = item.fillings
                modifierOpen = false
                commaBefore = false
                joinedByAnd = false
                continue
            }
            modifierOpen = false
            let andBefore = andOpen
            andOpen = false
            if isLoneSize(item) {
                // "a large, steaming bowl of soup": a size cut off from its food by a comma sizes the item after it.
                pendingSize = item.amount.size
                continue
            }
            if let size = pendingSize, !item.food.isEmpty {
                if item.amount.size == nil { item.amount.size = size }
                if item.amount.quantity == nil { item.amount.quantity = 1; item.amount.isImplicit = true }
                pendingSize = nil
            }
            let definite = definiteBefore || FoldedWords.words(of: item.text).first.map { grammar.contains($0, "definite") } == true
            if let index = items.indices.last, commaBefore, connector == nil, definite, isRestatement(item, of: items[index]) {
                // "a cheeseburger, the Whopper with cheese from Burger King": the same food named again, better.
                items[index].food = item.food
                items[index].descriptors += item.descriptors
                items[index].text += ", " + item.text
                items[index].dish = item.dish
                items[index].dishHead = item.dishHead
                items[index].fillings = item.fillings
            } else if let index = items.indices.last, joinedByAnd, isCoordinateModifier(items[index], before: item) {
                // "a 424 g meat and cheese calzone": one dish with two fillings, not meat plus a calzone.
                joinCoordinate(&items[index], with: item)
                if commaBeforeLast, index > 0, isListedFilling(items[index - 1]) {
                    // "an egg, cheese and bacon biscuit": the whole list names the dish's fillings.
                    let first = items.remove(at: index - 1)
                    prependFilling(first, to: &items[index - 1])
                }
            } else if let index = items.indices.last, connector == .part, isDish(items[index]), isBread(item),
                      let told = weightToldAfterName(item), items[index].amount.unit == nil, items[index].amount.package == nil {
                // "a hot dog sandwich on a white bun weighing 102 g": the weight told after the bread is the whole dish's.
                var bread = item
                bread.amount = Amount()
                absorb(bread, into: &items[index])
                let count = items[index].amount.quantity ?? 1
                items[index].amount.package = Measure(quantity: told.quantity / max(count, 1), unit: told.unit)
                if items[index].amount.quantity == nil { items[index].amount.quantity = 1; items[index].amount.isImplicit = true }
                attaching = .part
            } else if let index = items.indices.last, !items[index].food.isEmpty,
                      isPart(item) || connector.map({ canAbsorb(item, into: items[index], after: $0, continuing: continuing) }) == true {
                // Only an item that names a food takes parts: "a delicious meal featuring a pancake" is the pancake.
                let onBread = andBefore && index > 0 && isBread(item) && !isDish(items[index]) && isListedFilling(items[index - 1])
                absorb(item, into: &items[index])
                if onBread {
                    // "a sausage and cheese on an English muffin": both fillings are on the one bread.
                    let dish = items.removeLast()
                    joinCoordinate(&items[index - 1], with: dish)
                }
                attaching = connector ?? .part
            } else if let index = items.indices.last, connector == .part, isBareDish(items[index]),
                      !item.food.isEmpty, item.amount.quantity != nil, !item.amount.isImplicit {
                // "a sandwich made with 28 g of turkey and 28 g of bread": the parts, weighed, are the dish.
                items[index] = item
                attaching = nil
            } else {
                attaching = nil
                // "rice with chicken and vegetables": what comes with a food, with no amount of its own, is on its plate.
                let withFood = connector == .with || (plateOpen && (joinedByAnd || commaBefore))
                plateOpen = withFood && item.amount.isEmpty && !item.food.isEmpty && items.last.map { !$0.food.isEmpty } == true
                if plateOpen { item.sharesPlate = true }
                modifierOpen = isLoneModifier(item, namesKnownFood: namesKnownFood, before: next)
                andOpen = joinedByAnd && item.amount.isEmpty && !item.food.isEmpty && !items.isEmpty
                attach(item, to: &items)
            }
            connector = nil
            continuing = false
            joinedByAnd = false
            commaBeforeLast = commaBefore
            commaBefore = false
            definiteBefore = false
        }
        // "a delicious meal featuring a pancake": an article and praise alone name nothing when a food follows.
        if items.contains(where: { !$0.food.isEmpty }) {
            items.removeAll { $0.food.isEmpty && $0.descriptors.isEmpty && $0.amount.isImplicit && $0.amount.unit == nil
                && $0.amount.package == nil }
        }
        return items
    }


    /// The weight or volume told after a food's name ("a white bun weighing 102 g", "a bun, 102 g"), not before it
    /// ("56 g of bread" weighs the bread itself).
    private func weightToldAfterName(_ item: FoodMention) -> Measure? {
        guard let unit = item.amount.unit, let quantity = item.amount.quantity, item.amount.package == nil,
              lexicon.unitDefinition(for: unit)?.isMeasure == true, let head = item.food.splitting(" ").last else { return nil }
        let words = FoldedWords.words(of: item.text)
        guard let named = words.lastIndex(where: { lexicon.singular($0) == String(head) }),
              let number = words.firstIndex(where: { $0.first?.isNumber == true }), number > named else { return nil }
        return Measure(quantity: quantity, unit: unit)
    }

    /// "a cup of ready-to-drink," or "a glass of cold,": an amount and one word that names no known food, cut off by a
    /// comma; the food after the comma may be what it describes. Descriptors alone ("reduced fat,") count as one word.
    private func isLoneModifier(_ item: FoodMention, namesKnownFood: Bool, before next: Int) -> Bool {
        guard !namesKnownFood, !item.food.isEmpty, !item.amount.isEmpty, item.dish == nil,
              next < tokens.count, tokens[next].text == "," else { return false }
        let words = item.food.splitting(" ").map(String.init)
        return words.count == 1 || words.allSatisfy { word in item.descriptors.contains { $0.splitting(" ").contains(Substring(word)) } }
    }

    /// The filling named by "meat-filled" at `i` when a dish head follows ("a meat-filled turnover" → "meat"), or nil.
    private func filling(marked i: Int) -> String? {
        let parts = tokens[i].text.splitting("-")
        guard parts.count >= 2, let mark = parts.last, grammar.contains(String(mark), "filling-mark"), i + 1 < tokens.count else { return nil }
        let after = (i + 1..<min(i + 3, tokens.count)).map { lexicon.singular(tokens[$0].text) }
        let length = after.count == 2 && lexicon.dishHeads.contains(after.joinedWithSpaces()) ? 2 : 1
        guard length == 2 || lexicon.dishHeads.contains(after[0]) else { return nil }
        // The head ends the name: "a cream-filled sandwich cookie" is a cookie, not a sandwich.
        let end = i + 1 + length
        guard end >= tokens.count || consumed[end] || !tokens[end].isWord || lexicon.connectors.match(tokens, at: end) != nil
            || lexicon.filler.match(tokens, at: end) != nil || grammar.contains(tokens[end].text, "preposition") else { return nil }
        return parts.dropLast().joined(separator: " ")
    }

    /// Whether the `length` tokens from `i` reach into one of the person's own food names: "a meal" is filler, but
    /// not in front of the person's food "meal pack".
    private func reachesKnownFood(_ i: Int, _ length: Int) -> Bool {
        !ownNames.isEmpty && (i..<min(i + length, tokens.count)).contains { ownNames.contains($0) }
    }

    /// Skips what may stand between items: separators, connectors, narrative filler, meal and date words.
    private func skipBetweenItems(at i: Int) -> (next: Int, connector: ConnectorKind?)? {
        // "-3 eggs": the sign belongs to the amount, which must be refused rather than read as 3.
        if tokens[i].text == "-", !consumed[i], let number = parser.grammar.numbers.parse(tokens, at: i, signs: true), number.end > i + 1,
           number.value.map({ $0 < 0 }) == true {
            return nil
        }
        if consumed[i] || Self.separators.contains(tokens[i].text) || Self.skipped.contains(tokens[i].text) { return (i + 1, nil) }
        if knownSpans[i] != nil { return nil }
        if lexicon.descriptors.match(tokens, at: i) != nil { return nil }
        // After a comma a remark wins over a connector of the same words: "2 stems mint, such as from a garden".
        if i > 0, tokens[i - 1].text == ",", let (action, length) = lexicon.filler.match(tokens, at: i), action == .remark {
            return (end(of: action, after: i + length), nil)
        }
        if let (kind, length) = lexicon.connectors.match(tokens, at: i) { return (i + length, kind) }
        if let (action, length) = lexicon.filler.match(tokens, at: i), !reachesKnownFood(i, length) {
            return (end(of: action, after: i + length), nil)
        }
        if grammar.contains(tokens[i].text, "preposition") { return (i + 1, nil) }
        return nil
    }

    /// Where filler that starts before `i` ends: a dropped word at `i`, a clause at `clauseEnd`, a remark (", such as
    /// from a garden", ", for garnish") at the next separator, whatever it names.
    private func end(of action: FillerAction, after i: Int) -> Int {
        switch action {
        case .drop: return i
        case .clause: return clauseEnd(after: i)
        case .remark:
            var j = i
            while j < tokens.count, !consumed[j], !Self.separators.contains(tokens[j].text) { j += 1 }
            return j
        }
    }

    /// The end of a clause of filler ("which is high in vitamin c"): the next separator, a connector that
    /// starts a new amount ("… hydrated and a banana") or one that brings a dish's parts ("topped with");
    /// "rich in protein and fiber" stays one clause.
    private func clauseEnd(after i: Int) -> Int {
        var j = i
        while j < tokens.count {
            if consumed[j] || Self.separators.contains(tokens[j].text) { return j }
            if let (kind, length) = lexicon.connectors.match(tokens, at: j), j + length < tokens.count,
               kind == .part || parser.grammar.parse(tokens, at: j + length) != nil {
                // "… that was generously topped with egg": the parts after the clause still belong to the dish.
                return j
            }
            j += 1
        }
        return j
    }

    // MARK: - One item

    private struct Draft {
        var amount: Amount?
        var words: [String] = []
        var descriptors: [String] = []
        var lastKnownEnd = -1
        var last = -1
        /// Words that are neither descriptors nor filler.
        var foodWords = 0
    }

    private func readItem(at start: Int) -> (FoodMention?, Int) {
        var draft = Draft()
        var i = start
        let lead = partLead(at: start)
        if let lead {
            // "zest of 1 lemon": the amount counts the lemons; the zest joins the name when the item is done.
            draft.amount = lead.amount.amount
            draft.last = lead.amount.end - 1
            i = lead.amount.end
        } else if knownSpans[start] == nil, var match = parser.grammar.parse(tokens, at: start), match.end > start {
            // "a double cheeseburger": a known food name starting inside the amount keeps its words.
            if let known = (start + 1..<match.end).first(where: { knownSpans[$0] != nil }) {
                match = parser.grammar.parse(Array(tokens[..<known]), at: start) ?? match
                if match.end > known { match.end = start }
            }
            if match.end > start {
                draft.amount = match.amount
                draft.last = match.end - 1
                i = match.end
            }
        }
        scanFood: while i < tokens.count {
            if consumed[i] { break }
            if let known = knownSpans[i] {
                // The name as the caller knows it ("hot dogs" → "hot dog"), so it matches its alias.
                draft.words.append(known.name)
                draft.foodWords += 1
                draft.lastKnownEnd = draft.words.count
                i += known.length; draft.last = i - 1
                continue
            }
            let token = tokens[i]
            if Self.separators.contains(token.text) {
                if token.text == "." && isDecimalOrAbbreviation(i) { i += 1; continue }
                break
            }
            if token.text == "(" { i = skipParenthesis(at: i, draft: &draft); continue }
            if let (descriptor, length) = lexicon.descriptors.match(tokens, at: i) {
                draft.descriptors.append(descriptor)
                for k in i..<(i + length) { draft.words.append(tokens[k].text) }
                i += length; draft.last = i - 1
                // "zucchini sauteed in coconut oil": what a food was cooked in is its cooking medium, not the food.
                if i < tokens.count, lexicon.preparationDescriptors.contains(descriptor), grammar.contains(tokens[i].text, "cooking-medium") {
                    i = clauseEnd(after: i + 1); break scanFood
                }
                continue
            }
            if let (kind, length) = lexicon.connectors.match(tokens, at: i) {
                // "a snack-size container filled with fruit cocktail": a part phrase right after a container, before
                // any food word, says what the container holds, as "of" does.
                if kind == .part, draft.words.isEmpty, let unit = draft.amount?.unit,
                   lexicon.unitDefinition(for: unit)?.kind == .container { i += length; continue }
                break
            }
            if let (action, length) = lexicon.filler.match(tokens, at: i), !reachesKnownFood(i, length) {
                if action != .drop { i = end(of: action, after: i + length); break scanFood }
                i += length
                if draft.last >= start { draft.last = i - 1 }
                continue
            }
            if draft.words.isEmpty, let amount = draft.amount, amount.quantity == 1, amount.package == nil,
               let unit = amount.unit, lexicon.unitDefinition(for: unit)?.kind == .container,
               let match = parser.grammar.parse(tokens, at: i), match.end > i, !match.hasUnit,
               let count = match.amount.quantity, count >= 2, count == count.rounded() {
                // "a package of two breakfast tarts", "a box of 6 donuts": the count is how many pieces were eaten.
                draft.amount = match.amount; i = match.end; draft.last = i - 1; continue
            }
            if token.isNumber || (lexicon.numbers[token.text]?.kind == .cardinal && !draft.words.isEmpty) {
                if let match = parser.grammar.parse(tokens, at: i), match.end > i, match.hasUnit {
                    // "oatmeal 2 cups" gives the amount; a second amount starts a new item ("2 eggs 1 toast").
                    // Before any food word an article was only an article: "a delightful 2 cups of oatmeal".
                    let articleOnly = draft.amount.map { $0.isImplicit && $0.unit == nil && $0.quantity == 1 } ?? false
                    let onlyArticle = draft.words.isEmpty && articleOnly
                    // "a bowl of 28 g cereal", "a glass of 244 g milk": the weight says how much the one bowl held.
                    let onlyContainer = draft.words.isEmpty && draft.amount.map { amount in
                        amount.quantity == 1 && amount.package == nil && match.amount.package == nil
                            && amount.unit.flatMap { lexicon.unitDefinition(for: $0) }.map { !$0.isMeasure } == true
                            && match.amount.unit.flatMap { lexicon.unitDefinition(for: $0) }?.isMeasure == true
                    } == true
                    if draft.amount == nil || draft.amount?.isEmpty == true || onlyArticle || onlyContainer {
                        takeAmount(match, at: &i, into: &draft); continue
                    }
                    // "a sweet 165 g apple", "a crisp 200 g apple": between an article and an amount that a food
                    // follows, the words were adjectives.
                    if articleOnly, draft.words.count <= 2, draft.lastKnownEnd < 0, match.end < tokens.count,
                       tokens[match.end].isWord, lexicon.connectors.match(tokens, at: match.end) == nil {
                        draft.words.removeAll()
                        draft.foodWords = 0
                        takeAmount(match, at: &i, into: &draft); continue
                    }
                    break
                }
            }
            if Self.skipped.contains(token.text) || (draft.words.isEmpty && grammar.contains(token.text, "of")) { i += 1; continue }
            if let filling = filling(marked: i) {
                // "a meat-filled turnover" is a meat turnover: the dish with its filling, as "a turnover filled with meat".
                draft.words.append(filling)
                draft.foodWords += 1
                draft.last = i
                i += 1
                continue
            }
            draft.words.append(token.text)
            // "no added fat for a …": articles and prepositions are no food words.
            if !grammar.contains(token.text, "preposition"), !grammar.contains(token.text, "determiner") {
                draft.foodWords += 1
            }
            draft.last = i
            i += 1
        }
        let mention = finish(draft, start: start)
        return (lead.flatMap { lead in mention.map { naming($0, by: lead) } } ?? mention, i)
    }

    /// Takes an amount found after the item began; "a refreshing 16.9 fl oz bottle of water" is one bottle of that
    /// size, as it is without the adjective.
    private func takeAmount(_ match: AmountMatch, at i: inout Int, into draft: inout Draft) {
        draft.amount = match.amount
        i = match.end
        if let unit = match.amount.unit, let quantity = match.amount.quantity, match.amount.package == nil,
           lexicon.unitDefinition(for: unit)?.isMeasure == true, i + 1 < tokens.count, grammar.contains(tokens[i + 1].text, "of"),
           let container = lexicon.unit(named: tokens[i].text), container.kind == .container {
            draft.amount = Amount(quantity: 1, unit: container.canonical, package: Measure(quantity: quantity, unit: unit),
                                  isImplicit: true)
            i += 2
        }
        draft.last = i - 1
    }

    /// "(15 oz)" after a food gives the package size of one piece; other parentheses ("(optional)") are skipped.
    private func skipParenthesis(at i: Int, draft: inout Draft) -> Int {
        var j = i + 1
        while j < tokens.count, j < i + 30, tokens[j].text != ")" { j += 1 }
        let close = min(j, tokens.count - 1)
        if let amount = draft.amount, let package = parser.grammar.trailingPackage(tokens, from: i, for: amount) {
            draft.amount?.package = package
        } else if draft.amount == nil || draft.amount?.isEmpty == true,
                  let match = parser.grammar.parse(tokens, at: i + 1), match.amount.quantity != nil, !match.amount.isImplicit {
            // "bacon (3 strips)": the amount written after the food.
            draft.amount = match.amount
        }
        draft.last = close
        return close + 1
    }

    private func isDecimalOrAbbreviation(_ i: Int) -> Bool {
        guard i + 1 < tokens.count else { return false }
        let next = tokens[i + 1]
        return !next.spaceBefore && next.isWord
    }

    // MARK: - Building the mention

    private func finish(_ draft: Draft, start: Int) -> FoodMention? {
        guard draft.last >= start else { return nil }
        let text = normalized.originalText(tokens[start].start..<tokens[draft.last].end)
        var amount = draft.amount ?? Amount()
        var words = draft.words
        if draft.foodWords == 0 && !draft.descriptors.isEmpty && amount.isEmpty {
            // "over easy" alone describes the item before it.
            return FoodMention(text: text, amount: amount, food: "", descriptors: draft.descriptors)
        }
        while let first = words.first, grammar.contains(first, "of") || grammar.contains(first, "list-and") { words.removeFirst() }
        // "…, a 20 fl oz bottle": a container and nothing else names no food; it sizes the item before.
        if !words.isEmpty, draft.lastKnownEnd < 0, amount.unit != nil,
           words.allSatisfy({ lexicon.unit(named: $0)?.kind == .container }) {
            if amount.package == nil, let unit = amount.unit, let quantity = amount.quantity,
               lexicon.unitDefinition(for: unit)?.isMeasure == true {
                // "a 20 fl oz bottle" is one bottle of 20 fl oz.
                amount = Amount(quantity: quantity, range: amount.range, unit: unit, size: amount.size)
            }
            return FoodMention(text: text, amount: amount, food: "", descriptors: draft.descriptors)
        }
        if words.isEmpty {
            // "2 wings", "a slice": the portion word is the food.
            // A container alone ("a 20 fl oz bottle") is no food: it tells the amount of the item before it.
            if let unit = amount.unit, let definition = lexicon.unitDefinition(for: unit), !definition.isMeasure,
               definition.kind != .container, amount.quantity != nil, draft.descriptors.isEmpty {
                amount.unit = nil
                return FoodMention(text: text, amount: amount, food: unit, descriptors: [])
            }
            return FoodMention(text: text, amount: amount, food: "", descriptors: draft.descriptors)
        }
        if let served = servedFrom(words, after: draft.lastKnownEnd, amount: amount) {
            // "a serving of apple juice from an individual school container", "half and half from an individual
            // container": the container the food came from is its unit, and no word of its name.
            words.removeSubrange(served.from...)
            amount.unit = served.unit
            if let size = served.size { amount.size = size }
            if amount.quantity == nil { amount.quantity = 1; amount.isImplicit = true }
        }
        // "a Gerber baby food jar", "a water bottle": a container written after the food is its unit.
        if amount.unit == nil, amount.package == nil, words.count >= 2, words.count > draft.lastKnownEnd,
           let last = words.last, let container = lexicon.unit(named: last), container.kind == .container {
            words.removeLast()
            amount.unit = container.canonical
            if amount.quantity == nil { amount.quantity = 1; amount.isImplicit = true }
        }
        if words.count > draft.lastKnownEnd, let last = words.last {
            words[words.count - 1] = lexicon.singular(last)
        }
        return FoodMention(text: text, amount: amount, food: words.joinedWithSpaces(), descriptors: draft.descriptors)
    }

    /// The container a food's name ends by saying it came from ("… from an individual school container", "… from a
    /// small carton"): where its words start, the container and its size. Only when no other unit was said, or
    /// only a vague one ("a serving of …", grammar-words `vague-unit`), and words of a name stand before it.
    private func servedFrom(_ words: [String], after knownEnd: Int, amount: Amount)
        -> (from: Int, unit: String, size: String?)? {
        guard amount.package == nil, amount.unit.map({ grammar.contains($0, "vague-unit") }) ?? true,
              let from = words.lastIndex(where: { grammar.contains($0, "container-from") }),
              from >= max(1, knownEnd),
              // "a slice of pizza from a box" is a slice.
              !words[..<from].contains(where: { lexicon.unit(named: $0)?.kind == .portion }) else { return nil }
        var rest = words[(from + 1)...].drop { grammar.contains($0, "determiner") }
        var size: String?
        if let first = rest.first, rest.count > 1, let word = lexicon.unit(named: first), word.kind == .size {
            size = word.canonical
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, let unit = lexicon.unit(named: rest.joinedWithSpaces()), unit.kind == .container
        else { return nil }
        return (from, unit.canonical, size)
    }
}
