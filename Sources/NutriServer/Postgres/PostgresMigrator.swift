import Foundation
import PostgresNIO

/// Named, append-only migrations for a PostgreSQL schema, recorded in a `schema_migration` table of the store's
/// own name: each step runs once, in order, in one transaction with the rest of the pending steps. Shipped steps
/// are never edited; a change is a new step at the end.
struct PostgresMigrator {
    /// One step: its name and its statements (fixed text, never built from request values).
    struct Migration {
        let name: String
        let statements: [PostgresQuery]
    }

    /// Which store's migrations these are (`accounts`, `journal`): a database can hold several stores.
    let store: String
    private(set) var migrations: [Migration] = []

    init(store: String) {
        self.store = store
    }

    /// Appends a step.
    mutating func register(_ name: String, _ statements: [PostgresQuery]) {
        migrations.append(Migration(name: name, statements: statements))
    }

    /// Applies the steps not yet applied; refuses a database that has steps this build does not know (it was
    /// migrated by a newer NutriChat).
    func migrate(_ session: PostgresSession, at now: Date = Date()) throws {
        // One lock key for every store: migrations of two stores never race on the shared bookkeeping table.
        try session.exclusiveTransaction(lockKey: 0x4E75_7472_6943_6861) { run in
            _ = try run("""
                CREATE TABLE IF NOT EXISTS schema_migration (
                    store TEXT NOT NULL, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL,
                    PRIMARY KEY (store, name))
                """)
            let applied = try run("SELECT name FROM schema_migration WHERE store = \(store)")
                .map { try $0.decode(String.self) }
            let known = Set(migrations.map(\.name))
            if let unknown = applied.first(where: { !known.contains($0) }) {
                throw UserFacingMigrationError(store: store, name: unknown)
            }
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements { _ = try run(statement) }
                _ = try run("INSERT INTO schema_migration (store, name, applied_at) VALUES (\(store), \(migration.name), \(now))")
            }
        }
    }
}

/// The database was migrated by a newer NutriChat than this one.
struct UserFacingMigrationError: Error, CustomStringConvertible {
    let store: String
    let name: String
    var description: String {
        "the PostgreSQL \(store) schema was written by a newer NutriChat (migration '\(name)'); update NutriChat"
    }
}
