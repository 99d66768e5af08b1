// swift-tools-version: 6.3
import PackageDescription

// Runnable examples of Harness, with the test suites that show exhaustive testing.
//   swift run --package-path Examples todos      the Todos app (Store, Reducer, Effect)
//   swift run --package-path Examples weather    the Weather app (a plain model with clients)
//   swift run --package-path Examples standups   the Standups app (@Observable models, no store)
//   swift run --package-path Examples daily-challenge --preview   a Store feature's screen
//   swift run --package-path Examples todos-server   the Todos HTTP service (Hummingbird, SQLite)
//   swift test --package-path Examples           their tests
//
// Weather's client is written with `@DependencyClient` (HarnessMacros, on swift-syntax). With
// `HARNESS_WITHOUT_MACROS=1` (which leaves HarnessMacros out of Harness too) the Weather targets
// are left out: `scripts/test-all` sets it for the release and ThreadSanitizer passes, so
// swift-syntax is not compiled in those modes just for an example.
let withMacros = Context.environment["HARNESS_WITHOUT_MACROS"] == nil

// The Todos HTTP service builds on Hummingbird, SwiftNIO and GRDB, slow to compile. With
// `HARNESS_WITHOUT_SERVERS=1` its targets and those packages are left out: `scripts/test-all`
// sets it for the release and ThreadSanitizer passes, so they are compiled once, in debug.
let withServers = Context.environment["HARNESS_WITHOUT_SERVERS"] == nil

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

if withServers {
  package.dependencies += [
    .package(name: "HarnessHummingbird", path: "../Integrations/HarnessHummingbird"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
  ]
  let server: [Target.Dependency] = [
    harness("Harness"),
    .product(name: "HarnessHummingbird", package: "HarnessHummingbird"),
    .product(name: "Hummingbird", package: "hummingbird"),
    .product(name: "Logging", package: "swift-log"),
  ]
  package.products.append(.executable(name: "todos-server", targets: ["todos-server"]))
  package.targets += [
    .target(name: "TodosServer", dependencies: server + [.product(name: "GRDB", package: "GRDB.swift")]),
    .executableTarget(
      name: "todos-server",
      dependencies: server + [.target(name: "TodosServer"), .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .testTarget(
      name: "TodosServerTests",
      dependencies: server + [
        .target(name: "TodosServer"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        harness("HarnessTesting"),
      ]
    ),
  ]
}
