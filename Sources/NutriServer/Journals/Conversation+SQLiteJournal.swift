import Foundation
import NutriChat
import NutriStore

extension Conversation {
    /// The SQLite journal behind the conversation, for what only a SQLite journal does (an export file); the server's
    /// conversations run on SQLite journals until chat runs on PostgreSQL.
    func sqliteJournal() throws -> Journal {
        guard let journal = journal as? Journal else {
            throw UserFacingError("this journal is not a SQLite file; export it through the journal's routes")
        }
        return journal
    }
}
