// swift-tools-version:6.0
import PackageDescription

// The library is five modules, each allowed to use only those listed before it (docs/ARCHITECTURE.md):
//   BrainFormat      the files' format: days, documents, front-matter, Markdown, models, themes,
//                    the schema, the clock (Foundation only, no file system, no processes)
//   BrainAnalytics   streaks, strength, momentum, goals, insights, charts, day views: functions over values
//   BrainStore       the file-system port, the index and caches, actions, rename, templates, search, status
//   BrainInterchange import, export, tracking, calendar, report, demo (and the system's zlib, CZlib,
//                    for zip files)
//   BrainGit         sync, the merge driver, the process runner (macOS and Linux)
// BrainKit imports them all for clients that want everything. ModuleWallTests checks the edges.
let package = Package(
    name: "Brain",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "BrainKit", targets: ["BrainKit"]),
        .executable(name: "brain", targets: ["brain"]),
    ],
    targets: [
        .target(name: "BrainFormat"),
        .target(name: "BrainAnalytics", dependencies: ["BrainFormat"]),
        .target(name: "BrainStore", dependencies: ["BrainFormat", "BrainAnalytics"]),
        // The system's zlib (a Swift prerequisite on Linux; in Apple's SDKs): zip members are inflated by it.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "BrainInterchange", dependencies: ["BrainFormat", "BrainAnalytics", "BrainStore", "CZlib"]),
        .target(name: "BrainGit", dependencies: ["BrainFormat", "BrainStore"]),
        .target(name: "BrainKit", dependencies: ["BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "BrainGit"]),
        // JSON values, reader and writer, byte streams and JSON-RPC messages: what the language
        // server and the MCP server share (no vault in it).
        .target(name: "BrainJSONRPC"),
        .target(name: "BrainLanguageServer", dependencies: ["BrainFormat", "BrainAnalytics", "BrainStore", "BrainJSONRPC"]),
        // The Model Context Protocol over stdio: the protocol; its tools are the CLI's commands (BrainCLI).
        .target(name: "BrainMCP", dependencies: ["BrainJSONRPC"]),
        .target(name: "BrainServer", dependencies: ["BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange"]),
        .target(name: "BrainCLI", dependencies: ["BrainKit", "BrainLanguageServer", "BrainServer", "BrainJSONRPC", "BrainMCP"]),
        .executableTarget(name: "brain", dependencies: ["BrainCLI"]),
        // What the test targets share: the repository's files, the corpus, the icalendar parser,
        // a counting file system. Not part of any product.
        .target(name: "BrainTestSupport", dependencies: ["BrainKit"], path: "Tests/BrainTestSupport"),
        .testTarget(name: "BrainKitTests", dependencies: ["BrainKit", "BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "BrainGit", "BrainTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BrainCLITests", dependencies: ["BrainCLI", "BrainJSONRPC", "BrainKit", "BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "BrainGit", "BrainTestSupport"], exclude: ["Transcripts", "Support/syncthing-conflict.sh", "Support/mcp-session.py", "Support/webapp-browser.py", "Support/webapp-a11y.py", "Support/axe", "Support/webapp-pages-browser.py"]),
        .testTarget(name: "BrainServerTests", dependencies: ["BrainServer", "BrainFormat", "BrainStore", "BrainTestSupport"]),
        .testTarget(name: "BrainLanguageServerTests", dependencies: ["BrainLanguageServer", "BrainJSONRPC", "BrainMCP", "BrainKit", "BrainFormat", "BrainAnalytics", "BrainStore", "BrainInterchange", "BrainGit", "BrainTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
