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
// Two traits, both on by default, select the examples that need slow-to-build packages; the
// release and ThreadSanitizer passes of `scripts/test-all` build with `--disable-default-traits`,
// so those packages are compiled once, in debug. A trait cannot take a target out of the package:
// with its trait off a target's sources (`#if Macros`, `#if Servers`) are empty and its
// trait-only dependencies are neither linked nor fetched.
//   Macros    Weather, whose client is written with `@DependencyClient` (HarnessMacros, on
//             swift-syntax): enables the Macros trait of Harness
//   Servers   the Todos HTTP service (todos-server), on Hummingbird, SwiftNIO and GRDB
let macros: TargetDependencyCondition? = .when(traits: ["Macros"])
let servers: TargetDependencyCondition? = .when(traits: ["Servers"])

func harness(_ product: String, condition: TargetDependencyCondition? = nil) -> Target.Dependency {
  .product(name: product, package: "Harness", condition: condition)
}

/// One example: its feature module (on the Harness products it uses), its command (parsing its
/// arguments with swift-argument-parser) and the feature's tests.
func example(
  _ feature: String, command: String, uses products: [String], testsExclude: [String] = [],
  condition: TargetDependencyCondition? = nil
) -> [Target] {
  [
    .target(name: feature, dependencies: products.map { harness($0, condition: condition) }),
    // The command imports the Harness products too: declared, so that a change in them
    // rebuilds it (an undeclared import left a stale object that failed to link).
    .executableTarget(
      name: command,
      dependencies: [.target(name: feature), .product(name: "ArgumentParser", package: "swift-argument-parser")]
        + products.map { harness($0, condition: condition) }
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
    .executable(name: "weather", targets: ["weather"]),
    .executable(name: "todos-server", targets: ["todos-server"]),
  ],
  traits: [
    .trait(name: "Macros", description: "The Weather example (@DependencyClient, so swift-syntax)"),
    .trait(name: "Servers", description: "The todos-server example (Hummingbird, SwiftNIO, GRDB)"),
    .default(enabledTraits: ["Macros", "Servers"]),
  ],
  dependencies: [
    // HarnessSchedulers always; HarnessMacros with this package's Macros trait.
    .package(
      name: "Harness", path: "..",
      traits: ["Schedulers", .trait(name: "Macros", condition: .when(traits: ["Macros"]))]
    ),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    // The Servers trait's.
    .package(name: "HarnessHummingbird", path: "../Integrations/HarnessHummingbird"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
  ],
  targets: example("TodosFeature", command: "todos", uses: ["Harness", "HarnessStore"], testsExclude: ["__Snapshots__"])
    + example("StandupsFeature", command: "standups", uses: ["Harness", "HarnessSchedulers"])
    + example("DailyChallengeFeature", command: "daily-challenge", uses: ["Harness", "HarnessSchedulers", "HarnessStore"])
    + example("WeatherFeature", command: "weather", uses: ["Harness", "HarnessMacros"], condition: macros),
  swiftLanguageModes: [.v6]
)

// The todos-server example: its packages are linked with the Servers trait only.
do {
  let server: [Target.Dependency] = [
    harness("Harness"),
    .product(name: "HarnessHummingbird", package: "HarnessHummingbird", condition: servers),
    .product(name: "Hummingbird", package: "hummingbird", condition: servers),
    .product(name: "Logging", package: "swift-log", condition: servers),
  ]
  package.targets += [
    .target(name: "TodosServer", dependencies: server + [.product(name: "GRDB", package: "GRDB.swift", condition: servers)]),
    .executableTarget(
      name: "todos-server",
      dependencies: server + [.target(name: "TodosServer"), .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .testTarget(
      name: "TodosServerTests",
      dependencies: server + [
        .target(name: "TodosServer"),
        .product(name: "GRDB", package: "GRDB.swift", condition: servers),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: servers),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: servers),
        harness("HarnessTesting"),
      ]
    ),
  ]
}
