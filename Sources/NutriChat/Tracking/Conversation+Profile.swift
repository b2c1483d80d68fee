import Foundation
import NutriLanguage
import NutriStore

extension Conversation {
    // MARK: - set_profile and set_goal

    /// Profile facts in a message, read against the profile's units preference.
    func readSettings(_ phrase: MeasureText, lexicon: TrackingLexicon) throws -> ProfileStatement {
        ProfileStatement.read(phrase, vocabulary: lexicon.profile, asking: nil, units: try journal.profile().units ?? .metric,
                              today: today)
    }

    /// Preferences, profile commands, goals set directly and profile facts, in that order.
    func updateSettings(_ analysis: MessageAnalysis, phrase: MeasureText, lexicon: TrackingLexicon, input: String) throws -> Reply {
        let intent = analysis.intent.rawValue
        let preferences = PreferenceStatement.read(phrase, table: lexicon.preferences)
        if !preferences.isEmpty { return trackingReply(input, intent, try updatePreferences(preferences)) }
        if let command = ProfileCommand(phrase, words: lexicon.language.readerWords) { return trackingReply(input, intent, try run(command)) }
        let goals = NutrientGoalStatement.read(phrase, vocabulary: lexicon.profile, words: lexicon.language.readerWords)
        let statement = try readSettings(phrase, lexicon: lexicon)
        guard !goals.isEmpty || !statement.isEmpty else {
            let text = try trackingText()
            let words = Set(phrase.words)
            let cues = lexicon.language.readerWords
            if cues.any("health-condition", in: words) { return trackingReply(input, intent, text.healthCondition) }
            if cues.any("energy-kilojoule", in: words) { return trackingReply(input, intent, text.kilojoules) }
            if words.contains("water") { return trackingReply(input, intent, try waterTargetAnswer()) }
            return trackingReply(input, intent, text.settingsHelp)
        }
        return try applySettings(statement, goals: goals, date: analysis.date, input: input, intent: intent)
    }

    /// Validates everything a message said, saves it in one transaction (or nothing), and replies with what was
    /// saved, the targets and how they were derived — or the next set-up question while the profile is incomplete.
    func applySettings(_ statement: ProfileStatement, goals: NutrientGoalStatement, date: String, input: String,
                       intent: String) throws -> Reply {
        var profile = try journal.profile()
        let text = TrackingText(units: statement.units ?? profile.units ?? .metric)
        if !statement.problems.isEmpty { return trackingReply(input, intent, text.problems(statement.problems)) }
        if let bad = goals.problems.first { return trackingReply(input, intent, text.goalOutOfRange(bad.key, bad.value)) }
        let sex = statement.sex ?? profile.sex
        if let energy = goals.values["energy_kcal"], energy < EnergyFormulas.safeFloor(sex) {
            return trackingReply(input, intent, text.goalBelowFloor(energy, floor: EnergyFormulas.safeFloor(sex), sex: sex))
        }
        let current = try statement.weightKg ?? journal.bodyWeight(on: date)
        var goal = statement.goal
        var target = statement.targetWeightKg
        if let change = statement.changeKg {
            guard let current else { return trackingReply(input, intent, text.needWeightFirst) }
            target = (goal ?? profile.goal) == .gain ? current + change : current - change
            if let kg = target, !ProfileStatement.weights.contains(kg) {
                return trackingReply(input, intent, text.problems([.change(kg: change)]))
            }
        }
        if let target, let current {
            let direction: ProfileRecord.WeightGoal = target < current - 0.05 ? .lose : target > current + 0.05 ? .gain : .maintain
            if let stated = goal, stated != direction {
                return trackingReply(input, intent, text.targetWrongWay(target: target, current: current, goal: stated))
            }
            goal = direction
        }
        apply(statement, goal: goal, target: target, to: &profile)
        let weight = statement.weightKg.map { WeightRecord(date: date, kilograms: $0, text: input, createdAt: clock().now) }
        let before = try journal.snapshotSettings(weightDate: weight?.date)
        try journal.saveSettings(profile: profile, weight: weight, goals: goals.values, clearing: goals.cleared, at: clock().now)
        rememberForUndo(before)
        return trackingReply(input, intent, try settingsReply(statement, goals: goals, profile: profile, text: text))
    }

    private func apply(_ statement: ProfileStatement, goal: ProfileRecord.WeightGoal?, target: Double?, to profile: inout ProfileRecord) {
        if let age = statement.age { profile.age = age; profile.ageDate = today; profile.birthDate = nil }
        if let birth = statement.birthDate { profile.birthDate = birth; profile.age = nil; profile.ageDate = nil }
        if let sex = statement.sex { profile.sex = sex }
        if let height = statement.heightCm { profile.heightCm = height }
        if let activity = statement.activity { profile.activity = activity }
        if let goal {
            if goal != profile.goal {
                profile.weeklyRateKg = nil
                profile.targetWeightKg = nil
            }
            profile.goal = goal
            if goal == .maintain { profile.targetWeightKg = nil }
        }
        if let rate = statement.weeklyRateKg { profile.weeklyRateKg = rate }
        if let target { profile.targetWeightKg = target }
        if let units = statement.units { profile.units = units }
        profile.updatedAt = clock().now
    }

    private func settingsReply(_ statement: ProfileStatement, goals: NutrientGoalStatement, profile: ProfileRecord,
                               text: TrackingText) throws -> String {
        var parts: [String] = []
        let age = statement.age ?? statement.birthDate.flatMap { DayArithmetic.wholeYears(from: $0, to: today) }
        var facts = text.facts(statement, age: age)
        if statement.goal != nil || statement.weeklyRateKg != nil || statement.changeKg != nil || statement.targetWeightKg != nil,
           let goal = profile.goal {
            facts.append(text.goalPhrase(goal, rate: profile.weeklyRateKg))
            if let target = profile.targetWeightKg { facts.append("target weight \(text.weight(target))") }
        }
        parts.append(text.saved(facts))
        if let units = statement.units { parts.append(text.unitsSet(units)) }
        let plan = try journal.targetPlan(on: today)
        if !goals.values.isEmpty { parts.append(text.goalsSet(goals.values, plan: plan)) }
        if !goals.cleared.isEmpty { parts.append(text.goalsCleared(goals.cleared, plan: plan)) }
        let aboutBody = statement.age != nil || statement.birthDate != nil || statement.sex != nil || statement.heightCm != nil
            || statement.weightKg != nil || statement.activity != nil || statement.goal != nil || statement.weeklyRateKg != nil
            || statement.targetWeightKg != nil || statement.changeKg != nil
        if aboutBody {
            if let next = plan.missing.first {
                state.trackingQuestion = .profile(next)
                parts.append(text.stillNeeded(plan.missing) + " " + text.ask(next))
            } else {
                state.trackingQuestion = nil
                parts.append(text.plan(plan))
                if let target = profile.targetWeightKg, let current = plan.weightKg {
                    parts.append(text.targetWeight(target, current: current, rate: plan.weeklyRateKg))
                }
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Lets "undo" right after put the settings back as they were.
    func rememberForUndo(_ snapshot: SettingsSnapshot) {
        state.lastTracking = .settings(snapshot)
        state.lastBatch = []
        state.lastWater = []
    }

    // MARK: - Profile commands

    /// Starts the set-up (asking the first missing field), shows the profile, or clears it.
    func run(_ command: ProfileCommand) throws -> String {
        let text = try trackingText()
        let profile = try journal.profile()
        let plan = try journal.targetPlan(on: today)
        switch command {
        case .setUp:
            guard let next = plan.missing.first else {
                return "Your profile is complete. " + (try showProfile()) + " Tell me anything that changed, e.g. \"I'm now 78 kg\"."
            }
            state.trackingQuestion = .profile(next)
            state.pending = nil
            state.queue = []
            return text.setupIntro + " " + text.ask(next)
        case .show:
            return try showProfile()
        case .reset:
            var empty = ProfileRecord(updatedAt: clock().now)
            empty.units = profile.units
            let before = try journal.snapshotSettings(weightDate: nil)
            try journal.saveProfile(empty)
            rememberForUndo(before)
            return "Your profile is cleared (your weights, goals and preferences are kept). Say \"set up my profile\" to start again."
        }
    }

    /// The profile, and the targets with their derivation (or what is still missing).
    func showProfile() throws -> String {
        let profile = try journal.profile()
        let text = TrackingText(units: profile.units ?? .metric)
        let plan = try journal.targetPlan(on: today)
        let latest = try journal.latestWeight(onOrBefore: today)
        var reply = text.profile(profile, age: profile.age(on: today), weight: latest)
        if plan.missing.isEmpty {
            reply += " " + text.plan(plan)
        } else {
            reply += " " + text.stillNeeded(plan.missing) + " Say \"set up my profile\" to fill it in."
        }
        return reply
    }

    /// "What's my calorie goal?"
    func targetsAnswer() throws -> String {
        let text = try trackingText()
        let plan = try journal.targetPlan(on: today)
        return plan.missing.isEmpty ? text.plan(plan) : text.defaultTargets(plan)
    }

    /// "How much should I weigh?": the weights for a BMI of 18.5 to 24.9 at the person's height.
    func healthyWeightAnswer() throws -> String {
        let profile = try journal.profile()
        let text = TrackingText(units: profile.units ?? .metric)
        guard let height = profile.heightCm else { return text.healthyWeightNeedsHeight }
        return text.healthyWeight(heightCm: height, current: try journal.latestWeight(onOrBefore: today)?.kilograms)
    }

    /// The calorie goal on `date`: set directly, from the profile, or the 2,000 kcal default.
    func calorieGoal(on date: String) throws -> Double {
        try journal.targetPlan(on: date).energy.value
    }

    /// A hint to set up a profile, for the first greeting of a new journal only.
    func profileOffer() throws -> String {
        guard try journal.profile().isEmpty, try journal.entryCount() == 0,
              try journal.latestWeight(onOrBefore: "9999-12-31") == nil else { return "" }
        return try trackingText().profileOffer
    }
}

/// "set up my profile", "show my profile", "reset my profile"; the words are `profile-*` kinds in `reader-words.tsv`.
enum ProfileCommand: Equatable {
    case setUp, show, reset

    /// The command a message gives, if any.
    init?(_ phrase: MeasureText, words kinds: WordKinds) {
        let words = phrase.words
        let said = Set(words)
        let aboutProfile = kinds.any("profile-topic", in: said)
            || (kinds.any("profile-work", in: said) && kinds.any("profile-targets", in: said))
        guard aboutProfile else { return nil }
        if kinds.any("profile-reset", in: said) {
            self = .reset
        } else if kinds.occurs("profile-set-up", in: words) {
            self = .setUp
        } else if kinds.any("profile-show", in: said) {
            self = .show
        } else {
            return nil
        }
    }
}
