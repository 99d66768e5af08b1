// swift-tools-version: 6.3
import PackageDescription

// Harness beside libraries users combine it with, checked with no setup: a separate package, so
// that a user of Harness never resolves them.
//   swift test --package-path Compatibility
let package = Package(
  name: "HarnessCompatibility",
  platforms: [.macOS(.v15)],
  dependencies: [
    // The core only (no Macros or Schedulers trait): SwiftPM fetches neither swift-syntax nor
    // OpenCombine for it.
    .package(name: "Harness", path: "..", traits: []),
    .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", exact: "1.4.3"),
  ],
  targets: [
    .testTarget(
      name: "AsyncAlgorithmsTests",
      dependencies: [
        .product(name: "HarnessClocks", package: "Harness"),
        .product(name: "HarnessIssues", package: "Harness"),
        .product(name: "HarnessTesting", package: "Harness"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ]
    ),
    // XCTest, so its tests run one at a time, apart from the Swift Testing ones: they take the
    // runtime's enqueue hook from Harness, as a Composable Architecture test target does.
    .testTarget(
      name: "MainSerialExecutorTests",
      dependencies: [
        .product(name: "HarnessClocks", package: "Harness"),
        .product(name: "HarnessIssues", package: "Harness"),
        .product(name: "HarnessStore", package: "Harness"),
        .product(name: "HarnessTesting", package: "Harness"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
