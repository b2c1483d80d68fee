/// Makes coloured prompts safe for libedit's cursor arithmetic.
///
/// libedit counts every prompt byte as a column unless it sits between `\u{1}` and `\u{2}` (readline's
/// RL_PROMPT_START_IGNORE / RL_PROMPT_END_IGNORE, which libedit's `readline` turns into its own toggle). Without
/// the markers a coloured prompt puts the cursor several columns right of where it is drawn.
enum PromptMarkup {
    static let startIgnore: Character = "\u{1}"
    static let endIgnore: Character = "\u{2}"

    /// Wraps each ANSI CSI sequence (`ESC [ … final`) and OSC sequence (`ESC ] … BEL`) in ignore markers.
    static func markingEscapes(in prompt: String) -> String {
        guard prompt.unicodeScalars.contains("\u{1B}"),
              !prompt.contains(startIgnore)  // Already marked by the caller: leave it alone.
        else { return prompt }
        var result = String.UnicodeScalarView()
        var scalars = prompt.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            var sequence = String.UnicodeScalarView([scalar])
            let kind = scalars.popFirst()
            if let kind { sequence.append(kind) }
            if kind == "[" {
                // Parameters and intermediates run up to a final byte in @…~.
                while let next = scalars.popFirst() {
                    sequence.append(next)
                    if ("@"..."~").contains(next) { break }
                }
            } else if kind == "]" {
                while let next = scalars.popFirst() {
                    sequence.append(next)
                    if next == "\u{7}" { break }
                }
            }
            result.append("\u{1}")
            result.append(contentsOf: sequence)
            result.append("\u{2}")
        }
        return String(result)
    }
}
