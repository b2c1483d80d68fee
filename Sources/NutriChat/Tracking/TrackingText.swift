import Foundation
import NutriLanguage
import NutriStore

/// Every sentence of profile, goals, weight, water, exercise and preferences, in one place, in the person's units.
struct TrackingText {
    var units: ProfileRecord.Units

    // MARK: - Formatting

    /// "1,780" — whole numbers with thousands separators.
    static func grouped(_ value: Double) -> String {
        value.groupedWholeNumberText
    }

    /// At most `places` decimals, trailing zeros dropped: 80 → "80", 81.65 → "81.7".
    static func decimal(_ value: Double, _ places: Int = 1) -> String {
        let text = String(format: "%.\(places)f", value)
        guard text.contains(".") else { return text }
        var trimmed = text
        while trimmed.hasSuffix("0") { trimmed.removeLast() }
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return trimmed == "-0" ? "0" : trimmed
    }

    func weight(_ kg: Double) -> String {
        units == .imperial ? "\(Self.decimal(UnitConversion.pounds(fromKilograms: kg))) lb" : "\(Self.decimal(kg)) kg"
    }

    /// A weekly rate: two decimals in kilograms ("0.23 kg"), one in pounds ("0.5 lb").
    func rate(_ kg: Double) -> String {
        units == .imperial ? "\(Self.decimal(UnitConversion.pounds(fromKilograms: kg))) lb" : "\(Self.decimal(kg, 2)) kg"
    }

    /// The weight in the other system, for echoing what was said ("81.6 kg" when they said "180 lb").
    func otherWeight(_ kg: Double) -> String {
        units == .imperial ? "\(Self.decimal(kg)) kg" : "\(Self.decimal(UnitConversion.pounds(fromKilograms: kg))) lb"
    }

    func height(_ cm: Double) -> String {
        guard units == .imperial else { return "\(Self.decimal(cm, 0)) cm" }
        let (feet, inches) = UnitConversion.feetAndInches(fromCentimeters: cm)
        return "\(feet) ft \(inches) in"
    }

    func distance(_ km: Double) -> String {
        units == .imperial ? "\(Self.decimal(UnitConversion.miles(fromKilometers: km))) mi" : "\(Self.decimal(km)) km"
    }

    func speed(_ kmh: Double) -> String {
        units == .imperial ? "\(Self.decimal(UnitConversion.miles(fromKilometers: kmh))) mph" : "\(Self.decimal(kmh)) km/h"
    }

    func volume(_ ml: Double) -> String {
        units == .imperial ? "\(Self.grouped(UnitConversion.fluidOunces(fromMilliliters: ml))) fl oz" : "\(Self.grouped(ml)) ml"
    }

    static func kcal(_ value: Double) -> String { "\(grouped(value)) kcal" }

    static func minutes(_ value: Double) -> String {
        guard let rounded = Int(exactly: value.rounded()), abs(rounded) < 1_000_000_000 else { return "\(value.wholeNumberText) min" }
        if rounded < 60 { return "\(rounded) min" }
        return rounded % 60 == 0 ? "\(rounded / 60) h" : "\(rounded / 60) h \(rounded % 60) min"
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// Names of the goal keys in sentences.
    static let goalLabels = ["energy_kcal": "calorie", "protein_g": "protein", "carbohydrate_g": "carbohydrate",
                             "fat_g": "fat", "water_ml": "water"]

    func goalAmount(_ key: String, _ value: Double) -> String {
        switch key {
        case "energy_kcal": return Self.kcal(value)
        case "water_ml": return volume(value)
        default: return "\(Self.grouped(value)) g"
        }
    }

    // MARK: - Problems

    func problem(_ problem: ProfileStatement.Problem) -> String {
        switch problem {
        case .age(let value) where value < 0:
            return "I couldn't read that birth date — try e.g. \"born 3 March 1990\"."
        case .age(let value):
            return "\(Self.decimal(value)) doesn't look like an age — I take ages from 18 to 120."
        case .minor(let age):
            return "NutriChat's targets are worked out for adults (18 and over); at \(age), a doctor or dietitian is the right person to set them."
        case .height(let cm, let written):
            return "A height of \(written.isEmpty ? Self.decimal(cm, 0) + " cm" : written) doesn't look right — I accept 90 to 250 cm (about 3 ft to 8 ft 2 in)."
        case .weight(let kg, let written):
            return "A weight of \(written.isEmpty ? Self.decimal(kg) + " kg" : written) doesn't look right — I accept 25 to 400 kg (55 to 880 lb)."
        case .rate(let rate):
            return "\(weight(rate)) a week is more than the 1 kg (2.2 lb) a week that's generally considered safe, so I plan for at most 1 kg a week."
        case .change(let kg):
            return "A change of \(weight(kg)) doesn't look right — say e.g. \"I want to lose 5 kg\"."
        }
    }

    func problems(_ problems: [ProfileStatement.Problem]) -> String {
        problems.map(problem).joined(separator: " ") + " Nothing changed."
    }

    func goalOutOfRange(_ key: String, _ value: Double) -> String {
        let label = Self.goalLabels[key] ?? key
        let range = NutrientGoalStatement.ranges[key] ?? 0...0
        return "\(Self.grouped(value)) doesn't look like a daily \(label) goal — I accept \(goalAmount(key, range.lowerBound)) to \(goalAmount(key, range.upperBound)). Nothing changed."
    }

    func goalBelowFloor(_ value: Double, floor: Double, sex: ProfileRecord.Sex?) -> String {
        let who = sex == .male ? "for men" : sex == .female ? "for women" : "(1,200 kcal for women, 1,500 for men)"
        return "\(Self.kcal(value)) a day is below the safe minimum of \(Self.kcal(floor)) \(who). Eating less than that should be supervised by a doctor, so I didn't set it. Nothing changed."
    }

    let settingsHelp = "I didn't catch a setting there. You can say e.g. \"set up my profile\", \"I'm 30, female, 165 cm, 60 kg\", \"set my calorie goal to 1800\", \"I'm vegetarian\" or \"use pounds\"."
    let healthCondition = "Thanks for telling me. I can't adjust targets for that — needs change a lot with health conditions, pregnancy and breastfeeding, so please ask your doctor or a dietitian, and set the goals they give you, e.g. \"set my calorie goal to 2200\". Nothing changed."
    let settingsUndone = "Undone — your profile, goals and preferences are as they were before."
    let kilojoules = "I show energy in kcal only for now (1 kcal = 4.184 kJ). Nothing changed."
    let needWeightFirst = "Tell me your current weight first, e.g. \"I weigh 80 kg\", then how much you'd like to lose or gain."

    func targetWrongWay(target: Double, current: Double, goal: ProfileRecord.WeightGoal) -> String {
        let way = target > current ? "gain" : "lose"
        return "A target of \(weight(target)) means you'd \(way) weight from \(weight(current)), not \(goal.rawValue) — say e.g. \"I want to \(way) \(weight(abs(current - target)))\" if that's what you mean. Nothing changed."
    }

    func unitsSet(_ units: ProfileRecord.Units) -> String {
        units == .imperial
            ? "OK — I'll show weights in pounds, heights in feet and inches, distances in miles and water in fluid ounces."
            : "OK — I'll show weights in kilograms, heights in centimeters, distances in kilometers and water in milliliters."
    }
}
