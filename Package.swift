// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Set by `make sanitize`, which tests a sanitized build holds: `unit`, EmotionKit's and EmotionsCLI's
/// unit tests (the end-to-end tests, and the executable they run, are not run under the sanitizers, so
/// not built there either); `model`, EmotionKit's alone (ThreadSanitizer's build: the threads are the
/// model's, and the command line's targets took a third of that build).
let sanitizedTests = ProcessInfo.processInfo.environment["EMOTIONS_SANITIZED_TESTS"]
let modelOnly = sanitizedTests == "model"
/// EmotionKitTests' files (paths in its folder, space-separated) that hold only suites `make sanitize`
/// leaves out of a sanitized run: not compiled there either.
let unbuiltTests = (ProcessInfo.processInfo.environment["EMOTIONS_UNBUILT_TESTS"] ?? "").split(separator: " ").map(String.init)

let package = Package(
    name: "emotions",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "EmotionKit", targets: ["EmotionKit"]),
        .library(name: "EmotionKitAsync", targets: ["EmotionKitAsync"]),
    ] + (sanitizedTests != nil ? [] : [
        .executable(name: "emotions", targets: ["emotions"]),
    ]),
    targets: [
        // The model: emotions, tallies, the data file, observation. Prints nothing, exits never.
        // The few system calls Swift's Glibc module lacks (openat2, getrandom, getauxval), as static inline C.
        .target(name: "CSystemCalls"),
        .target(name: "EmotionKit", dependencies: ["CSystemCalls"]),
        // A store's changes as an AsyncSequence: apart, so that EmotionKit, and so `emotions`, does
        // not link the concurrency runtime and pay its start-up work (Documentation/Performance.md).
        .target(name: "EmotionKitAsync", dependencies: ["EmotionKit"]),
        .testTarget(name: "EmotionKitTests", dependencies: ["EmotionKit", "EmotionKitAsync"], exclude: unbuiltTests),
    ] + (modelOnly ? [] : [
        // The command line: parsing, help, rendering, exit codes. Testable without a process.
        .target(name: "EmotionsCLI", dependencies: ["EmotionKit"]),
        .testTarget(name: "EmotionsCLITests", dependencies: ["EmotionsCLI", "EmotionKit"]),
    ]) + (sanitizedTests != nil ? [] : [
        // The executable's own: tells the Swift runtime's backtracer, before it starts, not to look for its
        // helper on every start (eleven system calls), unless the user's SWIFT_BACKTRACE says otherwise.
        .target(name: "CRuntimeSettings"),
        // A few lines that hand the process's arguments to EmotionsCLI.
        // link-order.txt is the release link's function order (see the Makefile's link-order target);
        // unnamed-functions.ld packs the functions it cannot name.
        .executableTarget(
            name: "emotions", dependencies: ["EmotionsCLI", "EmotionKit", "CRuntimeSettings"],
            exclude: ["link-order.txt", "unnamed-functions.ld"]),
        .testTarget(name: "RuntimeSettingsTests", dependencies: ["CRuntimeSettings"]),
        .testTarget(name: "EndToEndTests", dependencies: ["emotions"]),
    ]),
    swiftLanguageModes: [.v6]
)
