import Foundation
import NutriChat

/// A program installed beside this executable (symbolic links followed), or else on PATH.
enum SiblingProgram {
    static func replaceProcess(with name: String, arguments: [String]) throws -> Never {
        guard let path = locate(name) else {
            throw UserFacingError("\(name) is not built; build it with 'swift build -c release --product \(name)' (or plain 'swift build -c release')")
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw UserFacingError("cannot run \(path): \(String(cString: strerror(errno)))")
    }

    static func locate(_ name: String) -> String? {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folders = [own.deletingLastPathComponent().path]
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent().path) }
        folders += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.map { ($0 as NSString).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
