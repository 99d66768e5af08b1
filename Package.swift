// swift-tools-version: 6.3
import CompilerPluginSupport
import PackageDescription

/// Harness: controllable dependencies and exhaustive tests.
///
/// Module layout (see DESIGN.md): a module depends only on the modules below it.
///   HarnessIssues  ←  HarnessRuntime (the test engine)  ←  HarnessClocks
///   HarnessIssues  ←  HarnessDump, HarnessClocks  ←  HarnessDependencies  ←  HarnessStore
///   HarnessTesting (test targets only) links XCTest and Swift Testing.
///   HarnessMacros (optional) builds on swift-syntax: only what imports it compiles swift-syntax.
///   HarnessSchedulers (optional) adds Combine schedulers on top of HarnessStore (for
///   `Effect.debounce(id:for:scheduler:)`): Combine on Apple platforms, OpenCombine on Linux.
///   Nothing else depends on it.
///
/// `HARNESS_WITHOUT_MACROS=1` leaves HarnessMacros, its plugin, its tests and the swift-syntax
/// dependency out of the package: `scripts/test-all` sets it for the ThreadSanitizer and release
/// passes, so CI compiles swift-syntax once (debug), not once per mode.
let withMacros = Context.environment["HARNESS_WITHOUT_MACROS"] == nil

let package = Package(
  name: "Harness",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Harness", targets: ["Harness"]),
    .library(name: "HarnessIssues", targets: ["HarnessIssues"]),
    .library(name: "HarnessClocks", targets: ["HarnessClocks"]),
    .library(name: "HarnessDump", targets: ["HarnessDump"]),
    .library(name: "HarnessDependencies", targets: ["HarnessDependencies"]),
    .library(name: "HarnessStore", targets: ["HarnessStore"]),
    .library(name: "HarnessTesting", targets: ["HarnessTesting"]),
    .library(name: "HarnessSchedulers", targets: ["HarnessSchedulers"]),
    .library(name: "HarnessInterleavings", targets: ["HarnessInterleavings"]),
  ],
  dependencies: [
    // Only HarnessSchedulers uses it, and only off Apple platforms (Apple's have Combine).
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    .target(name: "HarnessIssues"),
    .target(name: "HarnessDump", dependencies: ["HarnessIssues"]),
    // The engine that follows a test's work (worlds, the runtime hook, settling, exploration's
    // hooks): package-level API only, for HarnessClocks and HarnessInterleavings.
    .target(name: "HarnessRuntime", dependencies: ["HarnessIssues"]),
    .target(name: "HarnessClocks", dependencies: ["HarnessIssues", "HarnessRuntime"]),
    .target(
      name: "HarnessDependencies",
      dependencies: ["HarnessIssues", "HarnessClocks"]
    ),
    .target(
      name: "Harness",
      dependencies: ["HarnessIssues", "HarnessClocks", "HarnessDump", "HarnessDependencies"]
    ),
    .target(
      name: "HarnessStore",
      dependencies: ["HarnessIssues", "HarnessClocks", "HarnessDump", "HarnessDependencies"]
    ),
    .target(
      name: "HarnessInterleavings",
      dependencies: ["HarnessIssues", "HarnessRuntime", "HarnessClocks", "HarnessDependencies", "HarnessDump"]
    ),
    .target(
      name: "HarnessTesting",
      dependencies: ["HarnessIssues", "HarnessClocks", "HarnessDependencies", "HarnessInterleavings"]
    ),
    .target(
      name: "HarnessSchedulers",
      dependencies: [
        "Harness", "HarnessIssues", "HarnessClocks", "HarnessDependencies", "HarnessStore",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(name: "HarnessIssuesTests", dependencies: ["HarnessIssues", "HarnessTesting"]),
    // A program that links HarnessIssues only, run by HarnessIssuesTests to check live behaviour.
    .executableTarget(name: "HarnessLiveFixture", dependencies: ["HarnessIssues"], path: "Tests/LiveFixture"),
    // An app on the Harness umbrella and HarnessStore: a live store installs no hook, starts no
    // engine thread (run by HarnessIssuesTests too).
    .executableTarget(name: "HarnessLiveAppFixture", dependencies: ["Harness", "HarnessStore"], path: "Tests/LiveAppFixture"),
    .testTarget(
      name: "HarnessTestingTests",
      dependencies: ["HarnessClocks", "HarnessDependencies", "HarnessIssues", "HarnessTesting"]
    ),
    // White-box tests of the engine's state machine.
    .testTarget(name: "HarnessRuntimeTests", dependencies: ["HarnessRuntime", "HarnessIssues", "HarnessTesting"]),
    .testTarget(
      name: "HarnessClocksTests",
      dependencies: ["HarnessClocks", "HarnessIssues", "HarnessTesting"]
    ),
    .testTarget(name: "HarnessDumpTests", dependencies: ["HarnessDump", "HarnessIssues", "HarnessTesting"]),
    .testTarget(
      name: "HarnessDependenciesTests",
      dependencies: ["HarnessDependencies", "HarnessClocks", "HarnessIssues", "HarnessTesting"]
    ),
    .testTarget(name: "HarnessStoreTests", dependencies: ["Harness", "HarnessStore", "HarnessTesting"]),
    .testTarget(
      name: "HarnessSchedulersTests",
      dependencies: ["HarnessSchedulers", "HarnessDependencies", "HarnessIssues", "HarnessStore", "HarnessTesting"]
    ),
    // Built as release apps often are, without reflection metadata: case-constructor routing
    // must report, never drop silently; explicit embeddings must work.
    .testTarget(
      name: "HarnessInterleavingsTests",
      dependencies: [
        "HarnessInterleavings", "HarnessClocks", "HarnessDependencies", "HarnessIssues", "HarnessRuntime", "HarnessStore",
        "HarnessTesting",
      ]
    ),
    .testTarget(
      name: "HarnessStoreStrippedReflectionTests",
      dependencies: ["HarnessStore", "HarnessTesting"],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)

if withMacros {
  package.dependencies += [
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
  ]
  package.products += [
    .library(name: "HarnessMacros", targets: ["HarnessMacros"]),
  ]
  package.targets += [
    .macro(
      name: "HarnessMacrosPlugin",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .target(name: "HarnessMacros", dependencies: ["HarnessIssues", "HarnessMacrosPlugin"]),
    // Golden expansions and diagnostics (the plugin's code, run in-process).
    .testTarget(
      name: "HarnessMacrosPluginTests",
      dependencies: [
        "HarnessMacrosPlugin",
        .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
      ]
    ),
    // The generated code at work, under Swift Testing and XCTest.
    .testTarget(
      name: "HarnessMacrosTests",
      dependencies: ["HarnessMacros", "HarnessDependencies", "HarnessIssues", "HarnessTesting"]
    ),
  ]
}
