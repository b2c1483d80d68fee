// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NutriChat",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "nutrichat", targets: ["nutrichat"]),
        .executable(name: "nutrichat-mcp", targets: ["nutrichat-mcp"]),
        .executable(name: "nutrichat-serve", targets: ["nutrichat-serve"]),
        .library(name: "NutriChatKit", targets: ["NutriLanguage", "NutriIntent", "NutriStore", "NutriChat"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // Lexicon/ and Intents/ are data, kept at the top level and bundled as resources.
        .target(
            name: "NutriData",
            path: ".",
            exclude: ["Sources/NutriLanguage", "Sources/NutriIntent", "Sources/NutriStore", "Sources/NutriChat",
                      "Sources/nutrichat", "Sources/nutrichat-mcp", "Sources/nutrichat-serve", "Sources/NutriCompanion", "Sources/NutriServer", "Sources/NutriSQLiteOptions", "Tests", "Benchmarks"],
            sources: ["Sources/NutriData"],
            resources: [.copy("Lexicon"), .copy("Intents")]
        ),
        .target(name: "NutriLanguage"),
        .target(name: "NutriIntent", dependencies: ["NutriLanguage"]),
        .target(
            name: "NutriStore",
            // GRDBSQLite: SQLite's C API for the one file control GRDB has no Swift call for (a kept WAL file).
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
                           "ZIPFoundation"]
        ),
        .target(name: "NutriChat", dependencies: ["NutriLanguage", "NutriIntent", "NutriStore", "NutriData"]),
        // The options of the programs `nutrichat` runs in its place (nutrichat-mcp, nutrichat-serve).
        .target(name: "NutriCompanion",
                dependencies: ["NutriChat", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // One SQLite option the server sets that only a variadic C call reaches (no checkpoint when a journal closes).
        .target(name: "NutriSQLiteOptions", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The HTTP server sits in its own target so the rest of the package never depends on it.
        .target(
            name: "NutriServer",
            dependencies: [
                "NutriChat", "NutriStore", "NutriSQLiteOptions",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            resources: [.copy("Resources/openapi.json")]
        ),
        .executableTarget(
            name: "nutrichat",
            dependencies: ["NutriChat", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            // Release builds link the Swift runtime and Foundation into the program (the toolchain's static
            // libraries), so that a start does not resolve thousands of Swift symbols in shared libraries: a
            // one-line `parse` pays mostly for its start. What `swift build --static-swift-stdlib` does, for this
            // program alone and with plain `swift build`/`swift run`; Foundation's static libraries and those they
            // need are named because modules compiled for shared linking do not name them.
            linkerSettings: [.unsafeFlags([
                "-static-stdlib", "-Xlinker", "--start-group", "-lFoundation", "-lFoundationEssentials",
                "-lFoundationInternationalization", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                "-l_FoundationCollections", "-lswiftSynchronization", "-lswift_StringProcessing", "-lswift_RegexParser",
                "-lswift_Concurrency", "-Xlinker", "--end-group", "-lstdc++",
            ], .when(configuration: .release))]
        ),
        // The HTTP server (`nutrichat serve`): SwiftNIO, PostgreSQL's client and TLS would slow every start of
        // `nutrichat`, so the server is a program of its own, run in nutrichat's place.
        .executableTarget(
            name: "nutrichat-serve",
            dependencies: ["NutriChat", "NutriCompanion", "NutriServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The assistant tool server (`nutrichat mcp`): its protocol library links Foundation's networking, so it is a
        // program of its own and `nutrichat` never loads those libraries.
        .executableTarget(
            name: "nutrichat-mcp",
            dependencies: ["NutriChat", "NutriCompanion", "NutriData", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(name: "nutrichat-bench", dependencies: ["NutriChat", "NutriStore", "NutriServer"], path: "Benchmarks/nutrichat-bench"),
        // What several test targets share (finding the built executables); not a test target itself.
        .target(name: "NutriTestSupport", path: "Tests/NutriTestSupport"),
        .testTarget(name: "NutriLanguageTests", dependencies: ["NutriLanguage", "NutriData", "NutriTestSupport"], resources: [.copy("Corpus")]),
        .testTarget(name: "NutriIntentTests", dependencies: ["NutriIntent", "NutriData"]),
        .testTarget(name: "NutriStoreTests", dependencies: ["NutriStore", "NutriData", "ZIPFoundation", "NutriTestSupport"]),
        .testTarget(name: "NutriChatTests",
                    dependencies: ["NutriChat", "NutriTestSupport", .product(name: "MCP", package: "swift-sdk"),
                                   .product(name: "SystemPackage", package: "swift-system")],
                    resources: [.copy("Corpus")]),
        .testTarget(name: "NutriServerTests", dependencies: ["NutriServer", "NutriChat", "NutriStore", "NutriTestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
