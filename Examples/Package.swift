// swift-tools-version: 6.3
import PackageDescription

// Runnable examples of Harness, with the test suites that show exhaustive testing.
//   swift run --package-path Examples todos      the Todos app (Store, Reducer, Effect)
//   swift run --package-path Examples weather    the Weather app (a plain model with clients)
//   swift test --package-path Examples           their tests
let package = Package(
  name: "HarnessExamples",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "todos", targets: ["todos"]),
    .executable(name: "weather", targets: ["weather"]),
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
