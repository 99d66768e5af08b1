// swift-tools-version: 6.3
import PackageDescription

// Request-scoped dependencies for Hummingbird servers: its own package, so that Harness itself
// stays free of dependencies on SwiftNIO and Hummingbird.
//   swift build --package-path Integrations/HarnessHummingbird
//   swift test --package-path Integrations/HarnessHummingbird
let package = Package(
  name: "HarnessHummingbird",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "HarnessHummingbird", targets: ["HarnessHummingbird"]),
    .executable(name: "hummingbird-load-check", targets: ["hummingbird-load-check"]),
  ],
  dependencies: [
    // The core only (no Macros or Schedulers trait): SwiftPM fetches neither swift-syntax nor
    // OpenCombine for it.
    .package(name: "Harness", path: "../..", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
  ],
  targets: [
    .target(
      name: "HarnessHummingbird",
      dependencies: [
        .product(name: "Harness", package: "Harness"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // scripts/server-load-check: requests per second with and without the middleware.
    .executableTarget(
      name: "hummingbird-load-check",
      dependencies: [
        .target(name: "HarnessHummingbird"),
        .product(name: "Harness", package: "Harness"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "HarnessHummingbirdTests",
      dependencies: [
        .target(name: "HarnessHummingbird"),
        .product(name: "HarnessTesting", package: "Harness"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
