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
        .testTarget(name: "BrainKitTests", dependencies: ["BrainKit"], exclude: ["Fixtures"]),
        .testTarget(name: "BrainCLITests", dependencies: ["BrainCLI", "BrainKit"], exclude: ["Transcripts"]),
        .testTarget(name: "BrainLanguageServerTests", dependencies: ["BrainLanguageServer", "BrainKit"]),
    ],
    swiftLanguageModes: [.v6]
)
