import Foundation
import NutriLanguage
import NutriStore

/// An error whose text is already what the person should read.
public struct UserFacingError: Error, CustomStringConvertible, Equatable {
    public let description: String

    /// Creates an error with a ready-made message.
    public init(_ message: String) {
        description = message
    }
}

/// Turns any error into one line a person can act on. All error wording lives here.
public enum UserMessage {
    /// A one-line description of `error`, without stack traces or type names.
    public static func describe(_ error: Error) -> String {
        switch error {
        case let error as UserFacingError: return error.description
        case let error as StoreError: return error.description
        case let error as DataFileError: return "bad data file: \(error.description)"
        case let error as CocoaError where error.code == .fileReadNoSuchFile:
            return "no such file: \(error.userInfo[NSFilePathErrorKey] as? String ?? "?")"
        default:
            let text = String(describing: error)
            return text.split(separator: "\n").first.map(String.init) ?? "unexpected error"
        }
    }
}
