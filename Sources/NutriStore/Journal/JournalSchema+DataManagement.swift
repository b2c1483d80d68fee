import Foundation
import GRDB

extension JournalSchema {
    /// Meal-slot history and other data-management tables. Append new migrations at the end; never edit shipped ones.
    static func registerDataManagementMigrations(_ migrator: inout DatabaseMigrator) {
    }
}
