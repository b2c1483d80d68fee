import Foundation
import PostgresNIO

/// The journal tables of a PostgreSQL database, migrated once, handing out each account's `PostgresJournalStore`.
/// They live beside the account tables (each row names its account, deleted with it), so the account store's
/// migrations come first.
public final class PostgresJournals: @unchecked Sendable {
    let session: PostgresSession

    /// Migrates the journal tables of the database the account store uses.
    public init(accounts: PostgresAccountStore) throws {
        session = accounts.session
        try Self.migrator.migrate(session)
    }

    /// The journal of one account.
    public func store(for accountID: Int64) -> PostgresJournalStore {
        PostgresJournalStore(session: session, accountID: accountID)
    }

    /// The schema, one named step at a time; new steps are appended, shipped ones never edited. Dates are the
    /// journal's ISO day strings, checked in the database too.
    static var migrator: PostgresMigrator {
        var migrator = PostgresMigrator(store: "journal")
        migrator.register("v1-tracking", [
            """
            CREATE TABLE journal_water (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                date TEXT NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
                milliliters DOUBLE PRECISION NOT NULL CHECK (milliliters > 0),
                text TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL)
            """,
            "CREATE INDEX journal_water_day ON journal_water(account_id, date)",
            """
            CREATE TABLE journal_exercise (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                date TEXT NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
                activity TEXT NOT NULL,
                minutes DOUBLE PRECISION NOT NULL,
                distance_km DOUBLE PRECISION,
                met DOUBLE PRECISION NOT NULL,
                body_weight_kg DOUBLE PRECISION NOT NULL,
                weight_assumed BOOLEAN NOT NULL,
                kcal DOUBLE PRECISION NOT NULL,
                text TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL)
            """,
            "CREATE INDEX journal_exercise_day ON journal_exercise(account_id, date)",
            """
            CREATE TABLE journal_weight (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                date TEXT NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
                kilograms DOUBLE PRECISION NOT NULL CHECK (kilograms > 0),
                text TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL)
            """,
            "CREATE INDEX journal_weight_day ON journal_weight(account_id, date)",
        ])
        migrator.register("v2-entries-goals-profile", [
            """
            CREATE TABLE journal_entry (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                date TEXT NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
                meal TEXT NOT NULL,
                text TEXT NOT NULL,
                food_id TEXT NOT NULL,
                food_name TEXT NOT NULL,
                quantity DOUBLE PRECISION,
                unit TEXT,
                grams DOUBLE PRECISION NOT NULL CHECK (grams >= 0),
                nutrients JSONB NOT NULL,
                created_at TIMESTAMPTZ NOT NULL)
            """,
            "CREATE INDEX journal_entry_day ON journal_entry(account_id, date)",
            """
            CREATE TABLE journal_goal (
                account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                amount DOUBLE PRECISION NOT NULL CHECK (amount > 0),
                set_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (account_id, key))
            """,
            """
            CREATE TABLE journal_profile (
                account_id BIGINT PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
                birth_date TEXT,
                age BIGINT,
                age_date TEXT,
                sex TEXT,
                height_cm DOUBLE PRECISION,
                activity TEXT,
                goal TEXT,
                weekly_rate_kg DOUBLE PRECISION,
                target_weight_kg DOUBLE PRECISION,
                units TEXT,
                updated_at TIMESTAMPTZ NOT NULL)
            """,
        ])
        migrator.register("v3-user-foods-preferences-settings", userFoodsStep)
        migrator.register("v4-meal-slots-dialogue-likes", dialogueStep)
        migrator.register("v5-user-food-names-shared", userFoodNamesStep)
        migrator.register("v6-history-steps", historyStep)
        migrator.register("v7-goal-notes", goalNotesStep)
        return migrator
    }

    /// A name is taken once among an account's custom foods and recipes even when two servers write at once: the
    /// unique indexes guard each table, and this trigger the pair. Writers of one account's names take turns on an
    /// advisory lock held to the end of their transaction, and each then looks at both tables with a fresh snapshot,
    /// so the second of two racing writers sees the first one's row and is refused (SQLSTATE 23505).
    static let userFoodNamesStep: [PostgresQuery] = [
        """
        CREATE FUNCTION journal_user_food_name_free() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_advisory_xact_lock(1701, (NEW.account_id % 2147483647)::integer);
            IF EXISTS (SELECT 1 FROM journal_custom_food f WHERE f.account_id = NEW.account_id
                           AND journal_fold(f.name) = journal_fold(NEW.name)
                           AND NOT (TG_TABLE_NAME = 'journal_custom_food' AND f.id = NEW.id))
               OR EXISTS (SELECT 1 FROM journal_recipe r WHERE r.account_id = NEW.account_id
                           AND journal_fold(r.name) = journal_fold(NEW.name)
                           AND NOT (TG_TABLE_NAME = 'journal_recipe' AND r.id = NEW.id)) THEN
                RAISE EXCEPTION 'the name is taken by a custom food or a recipe' USING ERRCODE = 'unique_violation';
            END IF;
            RETURN NEW;
        END $$
        """,
        """
        CREATE TRIGGER journal_custom_food_name_free BEFORE INSERT OR UPDATE OF name ON journal_custom_food
        FOR EACH ROW EXECUTE FUNCTION journal_user_food_name_free()
        """,
        """
        CREATE TRIGGER journal_recipe_name_free BEFORE INSERT OR UPDATE OF name ON journal_recipe
        FOR EACH ROW EXECUTE FUNCTION journal_user_food_name_free()
        """,
    ]

    /// Meal slots and their dated changes (an account without slots has the default ones, written at its first slot
    /// call), the dialogue's saved state by key, and liked suggestions (one per title in any ASCII case).
    static let dialogueStep: [PostgresQuery] = [
        """
        CREATE TABLE journal_meal_slot (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 20),
            position INTEGER NOT NULL,
            UNIQUE (account_id, name))
        """,
        """
        CREATE TABLE journal_meal_slot_change (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            date TEXT NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
            kind TEXT NOT NULL CHECK (kind IN ('add', 'rename', 'move', 'delete')),
            name TEXT NOT NULL,
            new_name TEXT,
            from_position INTEGER,
            to_position INTEGER,
            created_at TIMESTAMPTZ NOT NULL)
        """,
        "CREATE INDEX journal_meal_slot_change_account ON journal_meal_slot_change(account_id, id)",
        """
        CREATE TABLE journal_dialogue_state (
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            state BYTEA NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (account_id, key))
        """,
        """
        CREATE TABLE journal_suggestion_like (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            source TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL)
        """,
        "CREATE UNIQUE INDEX journal_suggestion_like_title ON journal_suggestion_like(account_id, journal_fold(title))",
    ]

    /// Custom foods, recipes, the numbers handed out to them, preferences and settings. `journal_fold` lowers ASCII
    /// letters only, as SQLite's NOCASE does, so a name is taken in the same cases on both stores.
    static let userFoodsStep: [PostgresQuery] = [
        """
        CREATE FUNCTION journal_fold(TEXT) RETURNS TEXT IMMUTABLE STRICT LANGUAGE SQL
        AS $$ SELECT translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $$
        """,
        """
        CREATE TABLE journal_custom_food (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            serving_quantity DOUBLE PRECISION NOT NULL CHECK (serving_quantity > 0),
            serving_unit TEXT NOT NULL,
            serving_grams DOUBLE PRECISION,
            nutrients JSONB NOT NULL,
            revision BIGINT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL)
        """,
        "CREATE UNIQUE INDEX journal_custom_food_name ON journal_custom_food(account_id, journal_fold(name))",
        """
        CREATE TABLE journal_recipe (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            servings DOUBLE PRECISION NOT NULL CHECK (servings > 0),
            text TEXT NOT NULL,
            revision BIGINT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL)
        """,
        "CREATE UNIQUE INDEX journal_recipe_name ON journal_recipe(account_id, journal_fold(name))",
        """
        CREATE TABLE journal_recipe_ingredient (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            recipe_id BIGINT NOT NULL REFERENCES journal_recipe(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            text TEXT NOT NULL,
            food_id TEXT NOT NULL,
            food_name TEXT NOT NULL,
            quantity DOUBLE PRECISION,
            unit TEXT,
            grams DOUBLE PRECISION NOT NULL CHECK (grams >= 0),
            weight_known BOOLEAN NOT NULL,
            nutrients JSONB NOT NULL)
        """,
        "CREATE INDEX journal_recipe_ingredient_recipe ON journal_recipe_ingredient(recipe_id, position)",
        """
        CREATE TABLE journal_food_number (
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('customFood', 'recipe')),
            number BIGINT NOT NULL,
            PRIMARY KEY (account_id, kind, number))
        """,
        """
        CREATE TABLE journal_preference (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            item TEXT NOT NULL,
            text TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL)
        """,
        "CREATE INDEX journal_preference_item ON journal_preference(account_id, item)",
        """
        CREATE TABLE journal_setting (
            account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (account_id, key))
        """,
    ]
}
