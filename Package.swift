// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "emotions",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "EmotionKit", targets: ["EmotionKit"]),
        .executable(name: "emotions", targets: ["emotions"]),
    ],
    targets: [
        // The model: emotions, tallies, the data file, observation. Prints nothing, exits never.
        .target(name: "EmotionKit"),
        // The command line: parsing, help, rendering, exit codes. Testable without a process.
        .target(name: "EmotionsCLI", dependencies: ["EmotionKit"]),
        // A few lines that hand the process's arguments to EmotionsCLI.
        // link-order.txt is the release link's function order (see the Makefile's link-order target).
        .executableTarget(name: "emotions", dependencies: ["EmotionsCLI", "EmotionKit"], exclude: ["link-order.txt"]),
        .testTarget(name: "EmotionKitTests", dependencies: ["EmotionKit"]),
        .testTarget(name: "EmotionsCLITests", dependencies: ["EmotionsCLI", "EmotionKit"]),
        .testTarget(name: "EndToEndTests", dependencies: ["emotions"]),
    ],
    swiftLanguageModes: [.v6]
)
