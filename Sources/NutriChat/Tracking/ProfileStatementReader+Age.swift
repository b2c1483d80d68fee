import Foundation
import NutriLanguage
import NutriStore

extension ProfileStatementReader {
    /// "30 years old", "a 30 year old man", "age 52", "set my age to 52", "I'm 19", "born in 1990",
    /// "my birthday is march 3 1990", "born 1990-03-03".
    mutating func readAge() {
        if let born = tokens.firstIndex(where: words.birthWords.contains) {
            readBirthDate(from: born + 1)
            if statement.birthDate != nil { return }
        }
        if let age = BodyMeasureReader.age(in: phrase, words: words, skipping: used) {
            used.formUnion(age.range)
            setAge(age.value)
            return
        }
        let bare = phrase.bareNumbers.filter { !used.contains($0.index) }
        // "male, 28, 6'1, 190 lbs": one unlabelled whole number among other facts is the age.
        let others = statement.sex != nil || statement.heightCm != nil || statement.weightKg != nil
        if others, bare.count == 1, let only = bare.first, only.value == only.value.rounded(), (10...120).contains(only.value) {
            used.insert(only.index)
            setAge(only.value)
        }
    }

    /// An age in whole years from 18 to 120; anything else is recorded as a problem.
    mutating func setAge(_ value: Double) {
        let whole = Int(exactly: value.rounded()) ?? -1
        if value != value.rounded() || whole < 1 || whole > ProfileStatement.adultAges.upperBound {
            statement.problems.append(.age(value))
        } else if whole < ProfileStatement.adultAges.lowerBound {
            statement.problems.append(.minor(whole))
        } else {
            statement.age = whole
        }
    }

    /// A date after "born"/"birthday": a year, and a month (name or number) and day when given.
    private mutating func readBirthDate(from start: Int) {
        let window = Array(start..<min(tokens.count, start + 7))
        guard let yearIndex = window.first(where: { i in phrase.tokens[i].number.map { $0 >= 1000 } ?? false }),
              let year = phrase.tokens[yearIndex].number.flatMap({ Int(exactly: $0) }) else { return }
        var month: Int?
        var day: Int?
        for i in window where i != yearIndex {
            if let m = words.months[tokens[i]] {
                month = m
            } else if let n = phrase.tokens[i].number.flatMap({ Int(exactly: $0) }), (1...31).contains(n) {
                if i > yearIndex, month == nil, n <= 12 { month = n } else if day == nil { day = n }
            }
        }
        used.formUnion(window)
        let date = DayArithmetic.format(year, month ?? 7, day ?? 1)
        guard DayArithmetic.parts(date) != nil, let age = DayArithmetic.wholeYears(from: date, to: today) else {
            statement.problems.append(.age(-1))
            return
        }
        if age < 1 || age > ProfileStatement.adultAges.upperBound {
            statement.problems.append(.age(Double(age)))
        } else if age < ProfileStatement.adultAges.lowerBound {
            statement.problems.append(.minor(age))
        } else {
            statement.birthDate = date
            statement.birthDateApproximate = month == nil || day == nil
        }
    }
}

extension ProfileStatementReader {
    /// A bare number answering the open question: "30" (age), "180" or "5 10" (height), "80" (weight, in the
    /// preferred unit) — only when the message holds nothing but the answer and filler.
    mutating func readBareAnswer() {
        guard let asking else { return }
        let bare = phrase.bareNumbers.filter { !used.contains($0.index) }
        let leftover = tokens.indices.filter { !used.contains($0) && phrase.tokens[$0].number == nil }
            .filter { index in
                !words.answerFiller.contains(tokens[index]) && !phrase.measures.contains { $0.range.contains(index) }
            }
        guard !bare.isEmpty, leftover.isEmpty else { return }
        let values = bare.map(\.value)
        switch asking {
        case .age where statement.age == nil && statement.birthDate == nil && values.count == 1:
            setAge(values[0])
        case .height where statement.heightCm == nil:
            let cm: Double
            if values.count == 2, (3...8).contains(values[0]), (0..<12).contains(values[1]) {
                cm = UnitConversion.centimeters(feet: values[0], inches: values[1])
            } else if values.count == 1, (1.0...2.5).contains(values[0]) {
                cm = values[0] * 100
            } else if values.count == 1, (3...8).contains(values[0]), values[0] == values[0].rounded() {
                cm = UnitConversion.centimeters(feet: values[0])
            } else if values.count == 1 {
                cm = values[0]
            } else {
                return
            }
            if ProfileStatement.heights.contains(cm) { statement.heightCm = cm } else { statement.problems.append(.height(cm: cm)) }
        case .weight where statement.weightKg == nil && values.count == 1:
            let kg = units == .imperial ? UnitConversion.kilograms(fromPounds: values[0]) : values[0]
            statement.weightKg = checkedWeight(kg)
        default:
            return
        }
        used.formUnion(bare.map(\.index))
    }
}
