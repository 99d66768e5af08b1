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
    )
  ],
  swiftLanguageModes: [.v6]
)
