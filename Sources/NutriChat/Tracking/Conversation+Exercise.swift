import Foundation
import NutriLanguage
import NutriStore

extension Conversation {
    /// Body weight for exercise energy when none was ever logged (flagged in the reply).
    static let assumedBodyWeightKg = 70.0

    // MARK: - log_exercise

    /// "ran 5 km", "30 minutes of yoga", "cycled for an hour".
    func logExercise(_ analysis: MessageAnalysis, phrase: MeasureText, lexicon: TrackingLexicon, input: String) throws -> Reply {
        let parts = lexicon.exerciseParts(analysis.input)
        if !parts.isEmpty { return try logExercises(parts, date: analysis.date, lexicon: lexicon, input: input) }
        return try logExercise(date: analysis.date, phrase: phrase, lexicon: lexicon, input: input, said: analysis.input)
    }

    /// Several exercises told in one message, each with its own amount: all logged as one step of the undo history,
    /// or, when one of them cannot be read, none (the reply says why). One told with no amount ("did yoga, then ran 3
    /// miles") is asked about after the others are logged.
    private func logExercises(_ parts: [String], date: String, lexicon: TrackingLexicon, input: String) throws -> Reply {
        let text = try trackingText()
        var readings: [(reading: ExerciseReading, said: String)] = []
        var unmeasured: (activity: ExerciseActivity, said: String)?
        for part in parts {
            switch ExerciseReading.read(lexicon.phrase(part), table: lexicon.exercises) {
            case .success(let reading): readings.append((reading, part))
            case .failure(.noAmount(let activity)) where unmeasured == nil: unmeasured = (activity, part)
            case .failure(let problem): return trackingReply(input, "log_exercise", text.exerciseProblem(problem))
            }
        }
        guard !readings.isEmpty else {
            return try logExercise(date: date, phrase: lexicon.phrase(input), lexicon: lexicon, input: input, said: input)
        }
        var reply = try saveExercises(readings, date: date, input: input, text: text)
        if let unmeasured {
            state.trackingQuestion = .exerciseAmount(activity: unmeasured.activity.name, date: date, text: unmeasured.said)
            reply.text += " " + text.askExerciseAmount(unmeasured.activity)
            reply.pending = state.trackingQuestion?.name
        }
        return reply
    }

    /// Logs the exercise in `phrase` on `date`, or asks how long it lasted; `said` is kept as the record's text.
    func logExercise(date: String, phrase: MeasureText, lexicon: TrackingLexicon, input: String, said: String) throws -> Reply {
        let text = try trackingText()
        switch ExerciseReading.read(phrase, table: lexicon.exercises) {
        case .success(let reading):
            return try saveExercise(reading, date: date, input: input, said: said, text: text)
        case .failure(.noAmount(let activity)):
            state.trackingQuestion = .exerciseAmount(activity: activity.name, date: date, text: said)
            state.pending = nil
            return trackingReply(input, "log_exercise", text.askExerciseAmount(activity))
        case .failure(let problem):
            return trackingReply(input, "log_exercise", text.exerciseProblem(problem))
        }
    }

    /// The energy an exercise told in a question would burn ("how many calories does running 5 km burn"), at the
    /// person's latest weight; nothing is logged.
    func burnEstimate(_ said: String) throws -> String {
        let lexicon = try trackingLexicon(), text = try trackingText()
        switch ExerciseReading.read(lexicon.phrase(said), table: lexicon.exercises) {
        case .success(let reading):
            let known = try journal.bodyWeight(on: today)
            return text.burnEstimate(reading, weightKg: known ?? Self.assumedBodyWeightKg, weightAssumed: known == nil)
        case .failure(let problem):
            return text.exerciseProblem(problem)
        }
    }

    private func saveExercise(_ reading: ExerciseReading, date: String, input: String, said: String, text: TrackingText) throws -> Reply {
        try saveExercises([(reading, said)], date: date, input: input, text: text)
    }

    /// Saves the exercises read, each with the words that told it, as one step of the undo history: "undo" reverts
    /// them together, after a restart too, and "redo" brings them back.
    private func saveExercises(_ readings: [(reading: ExerciseReading, said: String)], date: String, input: String,
                               text: TrackingText) throws -> Reply {
        let known = try journal.bodyWeight(on: date)
        let weight = known ?? Self.assumedBodyWeightKg
        let records = readings.map { reading, said in
            ExerciseRecord(
                date: date, activity: reading.activity.name, minutes: reading.minutes, distanceKm: reading.distanceKm,
                met: reading.met, bodyWeightKg: weight, weightAssumed: known == nil,
                kcal: (reading.kcal(weightKg: weight) * 10).rounded() / 10, text: said, createdAt: clock().now)
        }
        for record in records { try JournalRules.check(record) }
        let summary = readings.map(\.said).joined(separator: ", ")
        let step = try journal.record(HistoryStep(kind: .log, summary: summary, changes: records.map { .added(.exercise($0)) }))
        let saved: [ExerciseRecord] = step.changes.compactMap { change in
            guard case .exercise(let record)? = change.after else { return nil }
            return record
        }
        guard saved.count == records.count else { throw StoreError.invalidValue("the exercise was not saved") }
        state.lastTracking = nil
        state.lastBatch = []
        state.lastWater = []
        state.pending = nil
        let total = try journal.exercise(on: date).reduce(0) { $0 + $1.kcal }
        return trackingReply(input, "log_exercise", text.exercisesLogged(
            Array(zip(saved, readings.map(\.reading))), dayTotal: total, date: date, today: today))
    }

    // MARK: - Corrections

    /// "actually it was 45 minutes", "make that 6 km", "actually 30" (after "did 20 pushups") right after an
    /// exercise: the exercise is read again with the new time, distance or count and changed as one step of the
    /// undo history. Nil when the newest step is not an exercise, `body` says none of these, or it `named` words
    /// that are not the time or distance ("actually 2 bananas").
    func correctExercise(body: [String], named: [String], input: String) throws -> Reply? {
        guard case .exercise(let record)? = try journal.lastStep()?.changes.last?.after else { return nil }
        let lexicon = try trackingLexicon()
        let table = lexicon.exercises
        let said = lexicon.phrase(body.joined(separator: " "))
        let original = lexicon.phrase(record.text)
        let oldMinutes = DurationReader.stated(in: original), oldDistance = DistanceReader.stated(in: original)
        let newMinutes = DurationReader.stated(in: said), newDistance = DistanceReader.stated(in: said)
        let measured = Set([newMinutes, newDistance].compactMap { $0 }.flatMap { said.words[$0.range] })
        guard named.allSatisfy({ measured.contains($0) || table.repSeconds.all(in: [$0]).count == 1 }) else { return nil }
        var parts = [record.activity]
        if newMinutes != nil || newDistance != nil {
            parts += [(newMinutes ?? oldMinutes)?.written, (newDistance ?? oldDistance)?.written].compactMap { $0 }
        } else if let number = said.bareNumbers.first?.value {
            // A bare number: a new count of the movement counted, or new minutes of an exercise timed.
            if let movement = table.repSeconds.all(in: original.words).first, oldMinutes == nil, oldDistance == nil {
                parts += [TrackingText.decimal(number, 2), original.words[movement.range].joined(separator: " ")]
            } else if let oldMinutes, oldDistance == nil {
                parts.append("\(TrackingText.decimal(number, 2)) \(oldMinutes.unit.canonical)s")
            } else {
                return nil
            }
        } else {
            return nil
        }
        let text = try trackingText()
        let restated = parts.joined(separator: " ")
        let reading: ExerciseReading
        switch ExerciseReading.read(lexicon.phrase(restated), table: table) {
        case .success(let read): reading = read
        case .failure(let problem): return trackingReply(input, "correct", text.exerciseProblem(problem))
        }
        var updated = record
        updated.minutes = reading.minutes
        updated.distanceKm = reading.distanceKm
        updated.met = reading.met
        updated.kcal = (reading.kcal(weightKg: record.bodyWeightKg) * 10).rounded() / 10
        updated.text = restated
        try JournalRules.check(updated)
        try journal.record(HistoryStep(kind: .correct, summary: "exercise",
                                       changes: [RowChange(before: .exercise(record), after: .exercise(updated))]))
        state.pending = nil
        let total = try journal.exercise(on: record.date).reduce(0) { $0 + $1.kcal }
        return trackingReply(input, "correct", "Updated: " + text.exercisesLogged([(updated, reading)], dayTotal: total,
                                                                                  date: record.date, today: today)
                                .replacingOccurrences(of: "Logged ", with: "", options: .anchored))
    }

    // MARK: - undo

    /// Undo and removals about tracking: "undo" right after exercise or a weight, "delete my weight from today",
    /// "remove the run", "remove my peanut allergy". Nil leaves the message to the food undo.
    func undoTracking(_ analysis: MessageAnalysis, target: UndoTarget, input: String) throws -> Reply? {
        let lexicon = try trackingLexicon()
        switch target {
        case .weight:
            return try deleteWeight(analysis, input: input)
        case .preferences:
            var removal = PreferenceStatement.read(lexicon.phrase(analysis.input), table: lexicon.preferences)
            removal.removed += removal.added
            removal.added = []
            return trackingReply(input, "set_profile", try updatePreferences(removal))
        case .exercise(let named, let generic):
            // An activity named counts only when such exercise was logged: "remove the squash" may be the vegetable.
            let todays = try journal.exercise(on: analysis.date)
            guard generic || (named != nil && todays.contains { $0.activity == named }) else { break }
            guard let record = todays.last(where: { named == nil || $0.activity == named }), let id = record.id else {
                return trackingReply(input, "undo", "There's no exercise logged for \(analysis.date == today ? "today" : analysis.date).")
            }
            try journal.deleteExercise(ids: [id])
            state.lastTracking = nil
            return trackingReply(input, "undo", try trackingText().exerciseUndone([record]))
        }
        guard state.lastBatch.isEmpty, state.lastWater.isEmpty, let last = state.lastTracking else { return nil }
        switch last {
        case .exercise(let ids):
            let records = try journal.exercise(on: analysis.date).filter { ids.contains($0.id ?? -1) }
            let all = records.isEmpty ? try journal.exercise(from: "0000-01-01", to: "9999-12-31").filter { ids.contains($0.id ?? -1) } : records
            try journal.deleteExercise(ids: ids)
            state.lastTracking = nil
            return trackingReply(input, "undo", try trackingText().exerciseUndone(all))
        case .weight(let date, _):
            var copy = analysis
            copy.date = date
            return try deleteWeight(copy, input: input)
        case .settings(let snapshot):
            try journal.restoreSettings(snapshot)
            state.lastTracking = nil
            return trackingReply(input, "undo", try trackingText().settingsUndone)
        }
    }

    // MARK: - Progress

    /// Sentences added to a progress answer: exercise and net calories, and the water target.
    func progressNotes(date: String, eaten: Double, water: Double) throws -> String {
        let text = try trackingText()
        let plan = try journal.targetPlan(on: date)
        var notes = ""
        let burned = try journal.exercise(on: date).reduce(0) { $0 + $1.kcal }
        if burned > 0 { notes += text.exerciseNet(eaten: eaten, burned: burned, goal: plan.energy.value, today: date == today) }
        if water > 0 { notes += text.waterProgress(total: water, target: plan.water.value) }
        return notes
    }
}
