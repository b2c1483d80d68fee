import Foundation

/// Fetches Debian's `cronometer` package, which carries USDA SR24, with `apt-get download` (no root, no Java).
public enum SR24Downloader {
    /// The how-to line shown wherever apt cannot help.
    public static let manualHint =
        "get Debian's 'cronometer' package (apt-get download cronometer) and run 'nutrichat data install --from cronometer_*.deb'"

    /// Downloads the package into `cache` and returns the .deb's URL. A package already there is reused.
    /// When apt's package lists are empty (a fresh machine), runs `apt-get update` first if we are root.
    public static func fetch(into cache: URL, log: (String) -> Void = { _ in }) throws -> URL {
        let fm = FileManager.default
        try fm.createDirectory(at: cache, withIntermediateDirectories: true)
        if let existing = findDeb(in: cache) { return existing }
        guard ProcessRunner.which("apt-get") != nil else {
            throw StoreError.toolFailed(tool: "apt-get", reason: "not available here; \(manualHint)")
        }
        log("Downloading USDA SR24 food data (Debian package 'cronometer', about 6 MB)…")
        var result = try ProcessRunner.run("apt-get", ["download", "cronometer"], in: cache)
        if result.status != 0, result.errorText.contains("Unable to locate package") || result.errorText.contains("has no installation candidate") {
            guard getuid() == 0 else {
                throw StoreError.toolFailed(
                    tool: "apt-get", reason: "apt's package lists are empty; run 'sudo apt-get update' first, or \(manualHint)")
            }
            log("apt's package lists are empty; running apt-get update…")
            let update = try ProcessRunner.run("apt-get", ["update"])
            guard update.status == 0 else {
                throw StoreError.toolFailed(tool: "apt-get update", reason: lastLine(update.errorText))
            }
            result = try ProcessRunner.run("apt-get", ["download", "cronometer"], in: cache)
        }
        guard result.status == 0, let deb = findDeb(in: cache) else {
            throw StoreError.toolFailed(tool: "apt-get download cronometer", reason: lastLine(result.errorText))
        }
        return deb
    }

    static func findDeb(in folder: URL) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("cronometer_") && $0.hasSuffix(".deb") }.sorted().last
            .map { folder.appendingPathComponent($0) }
    }

    private static func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last { $0.hasPrefix("E:") }.map(String.init)
            ?? text.split(separator: "\n").last.map(String.init) ?? "unknown error"
    }
}
