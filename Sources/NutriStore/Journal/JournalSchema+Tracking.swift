import Foundation
import GRDB

extension JournalSchema {
    /// Profile, goals, weight and exercise tables. Append new migrations at the end; never edit shipped ones.
    static func registerTrackingMigrations(_ migrator: inout DatabaseMigrator) {
    }
}
