import Foundation
import PostgresNIO

/// The tables the conversation needs beyond the records: the undo history and the goal notes.
extension PostgresJournals {
    /// Every change made through the dialogue or `diary edit/delete/move` is one step holding each row it touched as
    /// it was before and after (the row's JSON as the SQLite journal keeps it; NULL before for a new row, NULL after
    /// for a deleted one). Steps undone are kept until a new step replaces them; deleting the account takes them.
    static let historyStep: [PostgresQuery] = [
        """
        CREATE TABLE journal_history_step (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('log', 'correct', 'delete', 'move')),
            summary TEXT NOT NULL,
            undone BOOLEAN NOT NULL DEFAULT false,
            created_at TIMESTAMPTZ NOT NULL)
        """,
        "CREATE INDEX journal_history_step_account ON journal_history_step(account_id, undone, id)",
        """
        CREATE TABLE journal_history_change (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            step_id BIGINT NOT NULL REFERENCES journal_history_step(id) ON DELETE CASCADE,
            table_name TEXT NOT NULL CHECK (table_name IN ('entry', 'water', 'weight', 'exercise')),
            row_id BIGINT NOT NULL,
            before TEXT,
            after TEXT)
        """,
        "CREATE INDEX journal_history_change_step ON journal_history_change(step_id, id)",
    ]

    /// What the coaching said (a goal reached, once per goal and day) or offered (a calorie target waiting for an
    /// answer), as the SQLite journal's `goalNote`.
    static let goalNotesStep: [PostgresQuery] = [
        """
        CREATE TABLE journal_goal_note (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('hit', 'calorie-offer')),
            goal TEXT NOT NULL,
            date TEXT NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
            amount DOUBLE PRECISION,
            status TEXT CHECK (status IN ('open', 'accepted', 'declined')),
            created_at TIMESTAMPTZ NOT NULL,
            UNIQUE (account_id, kind, goal, date))
        """,
    ]
}
