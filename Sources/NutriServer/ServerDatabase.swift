import Foundation
import NutriChat
import NutriStore

/// Where `nutrichat serve --database` points: a folder (the embedded SQLite store: `accounts.sqlite` and the
/// journals beside it) or a `postgres://` URL (accounts and every account's journal in PostgreSQL; the `--files`
/// folder keeps only the dining menus).
public enum ServerDatabase: Sendable, Equatable {
    case folder(URL)
    /// `files` is `--files`; nil puts the menus in `HOME/server/INSTALLATION-ID`.
    case postgres(PostgresLocation, files: URL?)

    /// Reads `--database` and `--files`; throws a one-line message for anything this build cannot use.
    public init(_ text: String, files: String? = nil) throws {
        let filesURL = files.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath, isDirectory: true) }
        if PostgresLocation.isURL(text) {
            self = .postgres(try PostgresLocation(url: text), files: filesURL)
            return
        }
        guard !text.isEmpty, !text.contains("://") else {
            throw UserFacingError("--database must be a folder or a postgres://USER@HOST:PORT/DATABASE URL, got '\(text)'")
        }
        guard files == nil else {
            throw UserFacingError("--files is for a postgres:// database; a folder database keeps its journals inside it")
        }
        self = .folder(URL(fileURLWithPath: (text as NSString).expandingTildeInPath, isDirectory: true))
    }

    /// Opens the account store and names the folder of the journal files (`journals/ID/journal.sqlite`); a folder is
    /// locked first (`ServerFolderLock`: its journals are opened lock-free, so one server at a time).
    func open(home: URL) throws -> (store: any AccountStore, files: URL) {
        switch self {
        case .folder(let folder):
            try ServerFolderLock.hold(folder)
            return (try SQLiteAccountStore(path: folder.appendingPathComponent("accounts.sqlite").path), folder)
        case .postgres(let location, let files):
            let store = try PostgresAccountStore(location: location)
            let folder = files ?? home.appendingPathComponent("server", isDirectory: true)
                .appendingPathComponent(store.installationID, isDirectory: true)
            try Self.claim(folder, for: store.installationID, location: location)
            return (store, folder)
        }
    }

    /// Marks `folder` as holding the journals of this database, and refuses one that holds another's: account ids
    /// start at 1 in every database, so a shared folder would hand one person's journal to another.
    static func claim(_ folder: URL, for installationID: String, location: PostgresLocation) throws {
        try PrivateFiles.createFolder(folder)
        let marker = folder.appendingPathComponent("database-installation")
        if let owner = try? String(contentsOf: marker, encoding: .utf8) {
            let owner = owner.trimmingCharacters(in: .whitespacesAndNewlines)
            guard owner == installationID else {
                throw UserFacingError("--files \(folder.path) holds the journals of another database (installation "
                    + "\(owner)), not of \(location.description) (\(installationID)); give another folder")
            }
            return
        }
        let journals = folder.appendingPathComponent("journals")
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: journals.path), !existing.isEmpty {
            throw UserFacingError("--files \(folder.path) already holds journals of unknown origin; give an empty folder")
        }
        try Data((installationID + "\n").utf8).write(to: marker, options: .atomic)
    }
}
