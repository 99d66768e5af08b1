// swift-tools-version: 6.3
import PackageDescription

// Runnable examples of Harness, with the test suites that show exhaustive testing.
//   swift run --package-path Examples todos      the Todos app (Store, Reducer, Effect)
//   swift run --package-path Examples weather    the Weather app (a plain model with clients)
//   swift run --package-path Examples standups   the Standups app (@Observable models, no store)
//   swift run --package-path Examples daily-challenge --preview   a Store feature's screen
//   swift test --package-path Examples           their tests
let package = Package(
  name: "HarnessExamples",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "todos", targets: ["todos"]),
    .executable(name: "weather", targets: ["weather"]),
    .executable(name: "standups", targets: ["standups"]),
    .executable(name: "daily-challenge", targets: ["daily-challenge"]),
  ],
  dependencies: [
    .package(name: "Harness", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: [
    .target(
      name: "TodosFeature",
      dependencies: [
        .product(name: "Harness", package: "Harness"),
        .product(name: "HarnessStore", package: "Harness"),
      ]
    ),
    .executableTarget(
      name: "todos",
      dependencies: ["TodosFeature", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .target(
      name: "WeatherFeature",
      dependencies: [.product(name: "Harness", package: "Harness")]
    ),
    .executableTarget(
      name: "weather",
      dependencies: ["WeatherFeature", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .target(
      name: "StandupsFeature",
      dependencies: [
        .product(name: "Harness", package: "Harness"),
        .product(name: "HarnessSchedulers", package: "Harness"),
      ]
    ),
    .executableTarget(
      name: "standups",
      dependencies: ["StandupsFeature", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .testTarget(
      name: "StandupsFeatureTests",
      dependencies: [
        "StandupsFeature",
        .product(name: "HarnessTesting", package: "Harness"),
      ]
    ),
    .target(
      name: "DailyChallengeFeature",
      dependencies: [
        .product(name: "Harness", package: "Harness"),
        .product(name: "HarnessSchedulers", package: "Harness"),
        .product(name: "HarnessStore", package: "Harness"),
      ]
    ),
    .executableTarget(
      name: "daily-challenge",
      dependencies: ["DailyChallengeFeature", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .testTarget(
      name: "DailyChallengeFeatureTests",
      dependencies: [
        "DailyChallengeFeature",
        .product(name: "HarnessTesting", package: "Harness"),
      ]
    ),
    .testTarget(
      name: "WeatherFeatureTests",
      dependencies: [
        "WeatherFeature",
        .product(name: "HarnessTesting", package: "Harness"),
      ]
    ),
    .testTarget(
      name: "TodosFeatureTests",
      dependencies: [
        "TodosFeature",
        .product(name: "HarnessTesting", package: "Harness"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
