import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

extension Conversation {
    /// log_exercise, log_weight, set_goal and set_profile.
    func handleTracking(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        reply(input, analysis.intent.rawValue, replies.notYet(analysis.intent))
    }
}
