// swift-tools-version: 6.3
import PackageDescription

/// Harness: controllable dependencies and exhaustive tests.
///
/// Module layout (see DESIGN.md): a module depends only on the modules below it.
///   HarnessIssues  ←  HarnessDump, HarnessClocks  ←  HarnessDependencies  ←  HarnessStore
///   HarnessTesting (test targets only) links XCTest and Swift Testing.
///   HarnessSchedulers (optional) adds Combine schedulers on top of HarnessStore (for
///   `Effect.debounce(id:for:scheduler:)`): Combine on Apple platforms, OpenCombine on Linux.
///   Nothing else depends on it.
let package = Package(
  name: "Harness",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Harness", targets: ["Harness"]),
    .library(name: "HarnessIssues", targets: ["HarnessIssues"]),
    .library(name: "HarnessClocks", targets: ["HarnessClocks"]),
    .library(name: "HarnessDump", targets: ["HarnessDump"]),
    .library(name: "HarnessDependencies", targets: ["HarnessDependencies"]),
    .library(name: "HarnessStore", targets: ["HarnessStore"]),
    .library(name: "HarnessTesting", targets: ["HarnessTesting"]),
    .library(name: "HarnessSchedulers", targets: ["HarnessSchedulers"]),
  ],
  dependencies: [
    // Only HarnessSchedulers uses it, and only off Apple platforms (Apple's have Combine).
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    .target(name: "HarnessIssues"),
    .target(name: "HarnessDump", dependencies: ["HarnessIssues"]),
    .target(name: "HarnessClocks", dependencies: ["HarnessIssues"]),
    .target(
      name: "HarnessDependencies",
      dependencies: ["HarnessIssues", "HarnessClocks"]
    ),
    .target(
      name: "Harness",
      dependencies: ["HarnessIssues", "HarnessClocks", "HarnessDump", "HarnessDependencies"]
    ),
    .target(
      name: "HarnessStore",
      dependencies: ["HarnessIssues", "HarnessClocks", "HarnessDump", "HarnessDependencies"]
    ),
    .target(
      name: "HarnessTesting",
      dependencies: ["HarnessIssues", "HarnessClocks", "HarnessDependencies"]
    ),
    .target(
      name: "HarnessSchedulers",
      dependencies: [
        "HarnessIssues", "HarnessClocks", "HarnessDependencies", "HarnessStore",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(name: "HarnessIssuesTests", dependencies: ["HarnessIssues", "HarnessTesting"]),
    // A program that links HarnessIssues only, run by HarnessIssuesTests to check live behaviour.
    .executableTarget(name: "HarnessLiveFixture", dependencies: ["HarnessIssues"], path: "Tests/LiveFixture"),
    .testTarget(
      name: "HarnessTestingTests",
      dependencies: ["HarnessClocks", "HarnessDependencies", "HarnessIssues", "HarnessTesting"]
    ),
    .testTarget(
      name: "HarnessClocksTests",
      dependencies: ["HarnessClocks", "HarnessIssues", "HarnessTesting"]
    ),
    .testTarget(name: "HarnessDumpTests", dependencies: ["HarnessDump", "HarnessIssues", "HarnessTesting"]),
    .testTarget(
      name: "HarnessDependenciesTests",
      dependencies: ["HarnessDependencies", "HarnessClocks", "HarnessIssues", "HarnessTesting"]
    ),
    .testTarget(name: "HarnessStoreTests", dependencies: ["Harness", "HarnessStore", "HarnessTesting"]),
    .testTarget(
      name: "HarnessSchedulersTests",
      dependencies: ["HarnessSchedulers", "HarnessDependencies", "HarnessIssues", "HarnessStore", "HarnessTesting"]
    ),
    // Built as release apps often are, without reflection metadata: case-constructor routing
    // must report, never drop silently; explicit embeddings must work.
    .testTarget(
      name: "HarnessStoreStrippedReflectionTests",
      dependencies: ["HarnessStore", "HarnessTesting"],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)
