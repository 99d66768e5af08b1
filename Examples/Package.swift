// swift-tools-version: 6.3
import PackageDescription

// Runnable examples of Harness, with the test suites that show exhaustive testing.
//   swift run --package-path Examples todos      the Todos app (Store, Reducer, Effect)
//   swift run --package-path Examples weather    the Weather app (a plain model with clients)
//   swift test --package-path Examples           their tests
//
// Weather's client is written with `@DependencyClient` (HarnessMacros, on swift-syntax). With
// `HARNESS_WITHOUT_MACROS=1` (which leaves HarnessMacros out of Harness too) the Weather targets
// are left out: `scripts/test-all` sets it for the release pass, so swift-syntax is not compiled
// in release just for an example.
let withMacros = Context.environment["HARNESS_WITHOUT_MACROS"] == nil

let package = Package(
  name: "HarnessExamples",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "todos", targets: ["todos"]),
  ],
  dependencies: [
    .package(name: "Harness", path: ".."),
  ],
  targets: [
    .target(
      name: "TodosFeature",
      dependencies: [
        .product(name: "Harness", package: "Harness"),
        .product(name: "HarnessStore", package: "Harness"),
      ]
    ),
    .executableTarget(name: "todos", dependencies: ["TodosFeature"]),
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

if withMacros {
  package.products.append(.executable(name: "weather", targets: ["weather"]))
  package.targets += [
    .target(
      name: "WeatherFeature",
      dependencies: [
        .product(name: "Harness", package: "Harness"),
        .product(name: "HarnessMacros", package: "Harness"),
      ]
    ),
    .executableTarget(name: "weather", dependencies: ["WeatherFeature"]),
    .testTarget(
      name: "WeatherFeatureTests",
      dependencies: [
        "WeatherFeature",
        .product(name: "HarnessTesting", package: "Harness"),
      ]
    ),
  ]
}
