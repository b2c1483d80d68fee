import Foundation
import PostgresNIO

/// The account's journal as one JSON document in the layout of `nutrichat export --format json`: the format name,
/// the migrations applied, and every journal table as an array of row objects under the SQLite journal's table
/// name (`customFood`, `historyStep`, …), its columns named as SQLite names them (`foodId`, `createdAt`). The rows
/// are the account's alone and come from one statement, so from one snapshot. Values are PostgreSQL's JSON: times
/// as ISO 8601 with a zone, the dialogue state's bytes as `\x` hex; `dialogueState` also holds the pending question,
/// which a SQLite folder keeps in its account store.
extension PostgresJournalStore {
    /// The SQLite journal's name of each journal table, in the order the document lists them (by name, as SQLite's).
    static let exportTables = [
        "customFood", "dialogueState", "entry", "exercise", "foodNumber", "goal", "goalNote", "historyChange",
        "historyStep", "mealSlot", "mealSlotChange", "preference", "profile", "recipe", "recipeIngredient", "setting",
        "suggestionLike", "water", "weight",
    ]

    /// The document, ending in a newline as the CLI's file does.
    public func exportJSON() throws -> String {
        let migrations = try session.rows("SELECT name FROM schema_migration WHERE store = 'journal' ORDER BY applied_at, name")
            .map { try $0.decode(String.self) }
        var rows: [String: [String]] = [:]
        for row in try session.rows(exportQuery) {
            let (table, object) = try row.decode((String, String).self)
            rows[table, default: []].append(object)
        }
        let tables = Self.exportTables.map { table -> String in
            let lines = (rows[table] ?? []).map { "    " + $0 }
            let body = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
            return "  " + Self.jsonString(table) + ": " + body
        }
        return """
            {"format": "nutrichat-journal", "migrations": [\(migrations.map(Self.jsonString).joined(separator: ", "))],
            "tables": {
            \(tables.joined(separator: ",\n"))
            }}

            """
    }

    /// Every row of the account as (table, JSON object): `account_id` left out, snake_case columns turned into the
    /// SQLite journal's camelCase, nested JSON (nutrients) as JSON text as SQLite keeps it. Rows in id order.
    private var exportQuery: PostgresQuery {
        """
        WITH r(name, ord, row) AS (
            SELECT 'customFood', t.id, row_to_json(t) FROM journal_custom_food t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'dialogueState', 0, row_to_json(t) FROM journal_dialogue_state t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'entry', t.id, row_to_json(t) FROM journal_entry t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'exercise', t.id, row_to_json(t) FROM journal_exercise t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'foodNumber', t.number, row_to_json(t) FROM journal_food_number t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'goal', 0, row_to_json(t) FROM journal_goal t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'goalNote', t.id, row_to_json(t) FROM journal_goal_note t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'historyChange', c.id, row_to_json(c) FROM journal_history_change c
                JOIN journal_history_step s ON s.id = c.step_id WHERE s.account_id = \(accountID)
            UNION ALL SELECT 'historyStep', t.id, row_to_json(t) FROM journal_history_step t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'mealSlot', t.id, row_to_json(t) FROM journal_meal_slot t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'mealSlotChange', t.id, row_to_json(t) FROM journal_meal_slot_change t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'preference', t.id, row_to_json(t) FROM journal_preference t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'profile', 0, row_to_json(t) FROM journal_profile t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'recipe', t.id, row_to_json(t) FROM journal_recipe t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'recipeIngredient', i.id, row_to_json(i) FROM journal_recipe_ingredient i
                JOIN journal_recipe p ON p.id = i.recipe_id WHERE p.account_id = \(accountID)
            UNION ALL SELECT 'setting', 0, row_to_json(t) FROM journal_setting t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'suggestionLike', t.id, row_to_json(t) FROM journal_suggestion_like t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'water', t.id, row_to_json(t) FROM journal_water t WHERE t.account_id = \(accountID)
            UNION ALL SELECT 'weight', t.id, row_to_json(t) FROM journal_weight t WHERE t.account_id = \(accountID)
        )
        SELECT r.name, (SELECT json_object_agg(
                   CASE WHEN e.key = 'step_id' THEN 'historyStepId'
                        ELSE lower(left(e.key, 1)) || substr(replace(initcap(replace(e.key, '_', ' ')), ' ', ''), 2) END,
                   CASE WHEN json_typeof(e.value) IN ('object', 'array') THEN to_json(e.value::text) ELSE e.value END
                   ORDER BY e.n)
               FROM json_each(r.row) WITH ORDINALITY AS e(key, value, n) WHERE e.key <> 'account_id')::text
        FROM r ORDER BY r.name, r.ord, r.row::text
        """
    }

    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
