// swift-tools-version: 6.3
import PackageDescription

// Runnable examples of Harness, with the test suites that show exhaustive testing.
//   swift run --package-path Examples todos      the Todos app (Store, Reducer, Effect)
//   swift run --package-path Examples weather    the Weather app (a plain model with clients)
//   swift run --package-path Examples standups   the Standups app (@Observable models, no store)
//   swift run --package-path Examples daily-challenge --preview   a Store feature's screen
//   swift test --package-path Examples           their tests
//
// Weather's client is written with `@DependencyClient` (HarnessMacros, on swift-syntax). With
// `HARNESS_WITHOUT_MACROS=1` (which leaves HarnessMacros out of Harness too) the Weather targets
// are left out: `scripts/test-all` sets it for the release and ThreadSanitizer passes, so
// swift-syntax is not compiled in those modes just for an example.
let withMacros = Context.environment["HARNESS_WITHOUT_MACROS"] == nil

func harness(_ product: String) -> Target.Dependency {
  .product(name: product, package: "Harness")
}

/// One example: its feature module (on the Harness products it uses), its command (parsing its
/// arguments with swift-argument-parser) and the feature's tests.
func example(_ feature: String, command: String, uses products: [String], testsExclude: [String] = []) -> [Target] {
  [
    .target(name: feature, dependencies: products.map(harness)),
    // The command imports the Harness products too: declared, so that a change in them
    // rebuilds it (an undeclared import left a stale object that failed to link).
    .executableTarget(
      name: command,
      dependencies: [.target(name: feature), .product(name: "ArgumentParser", package: "swift-argument-parser")]
        + products.map(harness)
    ),
    .testTarget(
      name: feature + "Tests",
      dependencies: [.target(name: feature), harness("HarnessTesting")],
      exclude: testsExclude
    ),
  ]
}

let package = Package(
  name: "HarnessExamples",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "todos", targets: ["todos"]),
    .executable(name: "standups", targets: ["standups"]),
    .executable(name: "daily-challenge", targets: ["daily-challenge"]),
  ],
  dependencies: [
    .package(name: "Harness", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: example("TodosFeature", command: "todos", uses: ["Harness", "HarnessStore"], testsExclude: ["__Snapshots__"])
    + example("StandupsFeature", command: "standups", uses: ["Harness", "HarnessSchedulers"])
    + example("DailyChallengeFeature", command: "daily-challenge", uses: ["Harness", "HarnessSchedulers", "HarnessStore"]),
  swiftLanguageModes: [.v6]
)

if withMacros {
  package.products.append(.executable(name: "weather", targets: ["weather"]))
  package.targets += example("WeatherFeature", command: "weather", uses: ["Harness", "HarnessMacros"])
}
