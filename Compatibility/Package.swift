// swift-tools-version: 6.3
import PackageDescription

// Harness beside libraries users combine it with, checked with no setup: a separate package, so
// that a user of Harness never resolves them.
//   swift test --package-path Compatibility
/// What every test target below links of Harness's.
let harnessForTests: [Target.Dependency] = [
  .product(name: "HarnessClocks", package: "Harness"),
  .product(name: "HarnessIssues", package: "Harness"),
  .product(name: "HarnessStore", package: "Harness"),
  .product(name: "HarnessTesting", package: "Harness"),
]

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
    // What the test targets below share: a timer feature, a TCA-style store.
    .target(
      name: "CompatibilityFixtures",
      dependencies: [
        .product(name: "HarnessClocks", package: "Harness"),
        .product(name: "HarnessStore", package: "Harness"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    .testTarget(
      name: "AsyncAlgorithmsTests",
      dependencies: harnessForTests + [.product(name: "AsyncAlgorithms", package: "swift-async-algorithms")]
    ),
    // XCTest, so its tests run one at a time, apart from the Swift Testing ones: they write the
    // runtime's enqueue hook, as a Composable Architecture test target does.
    .testTarget(
      name: "MainSerialExecutorTests",
      dependencies: harnessForTests + [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"), "CompatibilityFixtures",
      ]
    ),
    // Swift Testing and XCTest: what swift-concurrency-extras' main serial executor leaves the
    // process like, with Harness in it (the slot empty after its scope, tasks of no test back on
    // the global pool), and Harness's clocks settling during and after it.
    .testTarget(
      name: "ProcessWideEffectsTests",
      dependencies: harnessForTests + [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"), "CompatibilityFixtures",
      ]
    ),
    // Swift Testing, so its tests run in parallel: swift-concurrency-extras' ordering tests and
    // Composable Architecture-style stores beside Harness's clocks and stores.
    .testTarget(
      name: "ParallelMainSerialExecutorTests",
      dependencies: harnessForTests + [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"), "CompatibilityFixtures",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
