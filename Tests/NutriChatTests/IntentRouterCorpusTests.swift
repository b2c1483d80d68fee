import Foundation
import NutriIntent
import NutriStore
import Testing
@testable import NutriChat

/// The router's decision for (dialogue state, message) pairs from `Corpus/router-decisions.tsv`, with negatives:
/// a yes with nothing pending is not an answer, "another" with no suggestions shown is not a follow-up, a new food
/// log while a question is open is a new log.
@Suite("Intent router corpus")
struct IntentRouterCorpusTests {
    struct Case {
        var state: String
        var text: String
        var decision: String
    }

    static func cases() throws -> [Case] {
        guard let url = Bundle.module.url(forResource: "Corpus/router-decisions", withExtension: "tsv") else {
            throw UserFacingError("router-decisions.tsv is missing")
        }
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.hasPrefix("state\t") }
            .map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 3 else { throw UserFacingError("bad corpus line: \(line)") }
                return Case(state: fields[0], text: fields[1], decision: fields[2])
            }
    }

    /// A conversation in the named state.
    static func chat(in state: String) throws -> ChatHarness {
        let chat = try ChatHarness()
        let conversation = chat.conversation
        switch state {
        case "none": break
        case "menus": return try MenuTranscriptTests.chat()
        case "menu-shown":
            let menus = try MenuTranscriptTests.chat()
            menus.conversation.state.menuFocus = MenuFocus(date: "2026-11-21", place: "North Hall", meal: "lunch")
            return menus
        case "setup-age": conversation.state.trackingQuestion = .profile(.age)
        case "setup-swim":
            conversation.state.trackingQuestion = .exerciseAmount(activity: "swimming", date: "2026-11-21", text: "I went swimming")
        case "slot-delete":
            conversation.state.mealSlotConfirmation = MealSlotConfirmation(slot: "brunch", entries: 0, askedAboutEntries: false)
        case "suggestions":
            let shown = ["Oat porridge", "Greek yogurt with berries", "Egg on toast"].map {
                Suggestion(title: $0, origin: .idea, servings: 1, ingredients: [], perServing: [:], meals: ["breakfast"], tags: [], traits: [])
            }
            conversation.state.coaching.offered = shown
            conversation.state.coaching.page = shown
            conversation.state.coaching.shown = shown.count
        case "offer": try chat.journal.offerCalorieTarget(1800, on: conversation.today, at: Date())
        case "entry": conversation.state.pending = .entry(EntryQuestion(ids: [5, 7], message: "delete the eggs"))
        case "weight-logged":
            let logged = chat.say("I weigh 80 kg")
            #expect(logged.intent == "log_weight", "\(logged.text)")
        case "exercise-logged":
            let logged = chat.say("I ran for 30 minutes")
            #expect(logged.intent == "log_exercise", "\(logged.text)")
        default: throw UserFacingError("unknown state \(state)")
        }
        return chat
    }

    /// A decision in the corpus's words.
    static func describe(_ decision: RouteDecision) -> String {
        switch decision.route {
        case .handle(let intent): return "handle:" + intent.rawValue
        case .answerSetup: return "answer-setup"
        case .stopSetup: return "stop-setup"
        case .confirmSlotDeletion(let accept): return accept ? "confirm:yes" : "confirm:no"
        case .suggestionFollowUp: return "follow-up"
        case .clock(let kind): return "clock:" + kind
        case .reminders: return "reminders"
        case .browseCatalog: return "browse"
        case .answerOffer(let accept): return accept ? "offer:yes" : "offer:no"
        case .insight(let question): return "insight:" + describe(question.ask)
        case .progress(.bmr): return "progress:bmr"
        case .progress(.goal(let key)): return "progress:goal:" + key
        case .progress(.mealOfDay(let meal)): return "progress:meal:" + meal
        case .answerEntry(let id): return "answer-entry:\(id)"
        case .dropQuestion: return "drop"
        case .nothingToCancel: return "nothing-to-cancel"
        case .menu(let ask): return "menu:\(ask)"
        case .undo, .delete:
            let name = decision.route == .undo ? "undo" : "delete"
            switch decision.undoTarget {
            case nil: return name
            case .weight?: return name + ">weight"
            case .preferences?: return name + ">preferences"
            case .exercise(nil, false)?: return name + ">last-tracking"
            case .exercise?: return name + ">exercise"
            }
        default: return "\(decision.route)"
        }
    }

    static func describe(_ ask: InsightAsk) -> String {
        switch ask {
        case .mealShare: return "meal-share"
        case .sources(let key): return "sources:" + key
        case .intake(let key): return "intake:" + key
        default: return "\(ask)"
        }
    }

    @Test("each (state, message) gets the decision the corpus names")
    func corpus() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 60)
        // Deciding changes nothing (see `decidingIsPure`), so one conversation serves every message of a state.
        var chats: [String: ChatHarness] = [:]
        for item in cases {
            let chat = try chats[item.state] ?? Self.chat(in: item.state)
            chats[item.state] = chat
            let conversation = chat.conversation
            let scan = try conversation.scan(item.text)
            let decision = conversation.router.decide(scan, context: try conversation.dialogueContext(for: scan))
            let got = Self.describe(decision)
            if item.decision.hasPrefix("!") {
                #expect(got != String(item.decision.dropFirst()), "\(item.state) · \(item.text) → \(got)")
            } else {
                #expect(got == item.decision, "\(item.state) · \(item.text) → \(got)")
            }
        }
    }

    @Test("deciding changes nothing: the state is only let go when the decision is acted on")
    func decidingIsPure() throws {
        let chat = try Self.chat(in: "suggestions")
        let conversation = chat.conversation
        conversation.state.trackingQuestion = .profile(.age)
        let scan = try conversation.scan("2 eggs")
        _ = conversation.router.decide(scan, context: try conversation.dialogueContext(for: scan))
        #expect(conversation.state.trackingQuestion != nil)
        #expect(!conversation.state.coaching.page.isEmpty)
    }

    @Test("a message that passes an open question over lets it go; one that answers it keeps the rest")
    func settling() throws {
        let chat = try Self.chat(in: "suggestions")
        chat.conversation.state.trackingQuestion = .profile(.age)
        chat.say("what time is it")
        #expect(chat.conversation.state.trackingQuestion == nil)
        #expect(chat.conversation.state.coaching.page.isEmpty)
        let again = try Self.chat(in: "suggestions")
        again.say("another")
        #expect(!again.conversation.state.coaching.page.isEmpty || again.conversation.state.coaching.shown > 0)
    }
}
