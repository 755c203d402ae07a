// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Brain",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "BrainKit", targets: ["BrainKit"]),
        .executable(name: "brain", targets: ["brain"]),
    ],
    targets: [
        .target(name: "BrainKit"),
        .target(name: "BrainLanguageServer", dependencies: ["BrainKit"]),
        .target(name: "BrainCLI", dependencies: ["BrainKit", "BrainLanguageServer"]),
        .executableTarget(name: "brain", dependencies: ["BrainCLI"]),
        // What the test targets share: the repository's files, the corpus, the icalendar parser,
        // a counting file system. Not part of any product.
        .target(name: "BrainTestSupport", dependencies: ["BrainKit"], path: "Tests/BrainTestSupport"),
        .testTarget(name: "BrainKitTests", dependencies: ["BrainKit", "BrainTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BrainCLITests", dependencies: ["BrainCLI", "BrainKit", "BrainTestSupport"], exclude: ["Transcripts"]),
        .testTarget(name: "BrainLanguageServerTests", dependencies: ["BrainLanguageServer", "BrainKit", "BrainTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
