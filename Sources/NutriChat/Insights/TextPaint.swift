import Foundation

/// Colours for terminal reports: ANSI when enabled, plain text otherwise (NO_COLOR, --no-color, a pipe).
/// Plain output never relies on colour alone: every coloured figure also has a mark (✓ ▲ ▼).
public struct TextPaint: Sendable {
    public var enabled: Bool

    /// Paint that colours when `enabled`.
    public init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ code: String, _ text: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    public func bold(_ text: String) -> String { wrap("1", text) }
    public func dim(_ text: String) -> String { wrap("2", text) }
    public func green(_ text: String) -> String { wrap("32", text) }
    public func yellow(_ text: String) -> String { wrap("33", text) }
    public func red(_ text: String) -> String { wrap("31", text) }
    public func cyan(_ text: String) -> String { wrap("36", text) }
}

/// Terminal chart pieces: horizontal bars in eighths of a cell, and number formats that keep columns aligned.
enum TextChart {
    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar `value / maximum` of `width` cells, padded with spaces to `width`.
    static func bar(_ value: Double, maximum: Double, width: Int) -> String {
        guard maximum > 0, value > 0, value.isFinite else { return String(repeating: " ", count: width) }
        let units = Int((min(value / maximum, 1) * Double(width * 8)).rounded())
        let text = String(repeating: "█", count: units / 8) + eighths[units % 8]
        return text + String(repeating: " ", count: max(width - text.count, 0))
    }

    /// A sparkline of `values` (nil for a gap).
    static func sparkline(_ values: [Double?]) -> String {
        let known = values.compactMap { $0 }
        guard let low = known.min(), let high = known.max() else { return "" }
        let levels = Array("▁▂▃▄▅▆▇█")
        return String(values.map { value -> Character in
            guard let value else { return " " }
            let position = high > low ? (value - low) / (high - low) : 0.5
            return levels[min(Int(position * Double(levels.count - 1) + 0.5), levels.count - 1)]
        })
    }

    /// "1,850" (grouped, no decimals).
    static func whole(_ value: Double) -> String { String(ReplyText.kcal(value).dropLast(5)) }

    /// A compact amount: "1,850", "95", "9.5", "0.42".
    static func amount(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) >= 100 { return whole(value) }
        if abs(value) >= 10 { return String(format: "%.0f", value) }
        if abs(value) >= 1 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    /// "42 %".
    static func percent(_ share: Double) -> String { String(format: "%.0f %%", share * 100) }

    /// `text` cut to `width` characters with an ellipsis, or padded to it.
    static func fit(_ text: String, _ width: Int) -> String {
        text.count > width ? String(text.prefix(width - 1)) + "…" : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
