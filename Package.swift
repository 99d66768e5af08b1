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
/// The two optional modules are behind package traits (SE-0450), both on by default (see the
/// traits section at the end):
///   Macros       HarnessMacros' plugin and tests use swift-syntax
///   Schedulers   HarnessSchedulers uses OpenCombine (Linux)
/// A dependent that wants the core only writes `.package(url: …, from: …, traits: [])`: then
/// SwiftPM neither fetches nor compiles swift-syntax and OpenCombine. A trait cannot take a target
/// out of the package, so with its trait off a module is empty (its sources are `#if Macros` /
/// `#if Schedulers`) and its trait-only dependencies are not linked.
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
    // Only HarnessSchedulers uses it, and only off Apple platforms (Apple's have Combine), with
    // the Schedulers trait.
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    .target(name: "HarnessIssues"),
    .target(name: "HarnessDump", dependencies: ["HarnessIssues"]),
    // The engine that runs each test's work in a world of its own (the runtime's interception,
    // worlds, settling, exploration's hooks): package-level API only, for HarnessClocks,
    // HarnessInterleavings and HarnessTesting.
    .target(name: "HarnessRuntime", dependencies: ["HarnessIssues", "HarnessRuntimeShims"]),
    // The one piece of the engine in C: the observer of task ends, which the Swift runtime calls
    // from inside its one-time initialisations (see its header).
    .target(name: "HarnessRuntimeShims"),
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
      dependencies: ["HarnessIssues", "HarnessRuntime", "HarnessClocks", "HarnessDependencies", "HarnessInterleavings"]
    ),
    .target(
      name: "HarnessSchedulers",
      dependencies: [
        "Harness", "HarnessIssues", "HarnessClocks", "HarnessDependencies", "HarnessStore",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux], traits: ["Schedulers"])),
        .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux], traits: ["Schedulers"])),
        .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: [.linux], traits: ["Schedulers"])),
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
      dependencies: ["HarnessClocks", "HarnessDependencies", "HarnessIssues", "HarnessStore", "HarnessTesting"]
    ),
    // White-box tests of the engine's state machine.
    .testTarget(name: "HarnessRuntimeTests", dependencies: ["HarnessRuntime", "HarnessIssues", "HarnessTesting"]),
    .testTarget(
      name: "HarnessClocksTests",
      dependencies: ["HarnessClocks", "HarnessIssues", "HarnessRuntime", "HarnessTesting"]
    ),
    .testTarget(name: "HarnessDumpTests", dependencies: ["HarnessDump", "HarnessIssues", "HarnessTesting"]),
    .testTarget(
      name: "HarnessDependenciesTests",
      dependencies: ["HarnessDependencies", "HarnessClocks", "HarnessIssues", "HarnessTesting"]
    ),
    .testTarget(name: "HarnessStoreTests", dependencies: ["Harness", "HarnessRuntime", "HarnessStore", "HarnessTesting"]),
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

// MARK: Traits

package.traits = [
  .trait(
    name: "Macros",
    description: "HarnessMacros (@DependencyClient, @DependencyEndpoint): builds swift-syntax for its compiler plugin"
  ),
  .trait(
    name: "Schedulers",
    description: "HarnessSchedulers (Combine schedulers, Effect.debounce(id:for:scheduler:)): OpenCombine on Linux"
  ),
  // As swift-dependencies and combine-schedulers do: every product works out of the box.
  .default(enabledTraits: ["Macros", "Schedulers"]),
]

/// HarnessMacros, its plugin and their tests, the Macros trait's: swift-syntax is declared
/// unconditionally and used only under the trait (so SwiftPM neither fetches nor builds it for a
/// dependent without the trait).
do {
  let macros: TargetDependencyCondition? = .when(traits: ["Macros"])
  func syntax(_ product: String) -> Target.Dependency {
    .product(name: product, package: "swift-syntax", condition: macros)
  }
  package.dependencies += [
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
  ]
  package.products += [
    .library(name: "HarnessMacros", targets: ["HarnessMacros"]),
  ]
  // Sources, tests included, are `#if Macros`: without the trait the plugin is an empty
  // executable, not a dependency of HarnessMacros, and HarnessMacros declares no macro.
  package.targets += [
    .macro(
      name: "HarnessMacrosPlugin",
      dependencies: [
        syntax("SwiftCompilerPlugin"),
        syntax("SwiftDiagnostics"),
        syntax("SwiftSyntax"),
        syntax("SwiftSyntaxBuilder"),
        syntax("SwiftSyntaxMacros"),
      ]
    ),
    .target(
      name: "HarnessMacros",
      dependencies: ["HarnessIssues", .target(name: "HarnessMacrosPlugin", condition: macros)]
    ),
    // Golden expansions and diagnostics (the plugin's code, run in-process).
    .testTarget(
      name: "HarnessMacrosPluginTests",
      dependencies: [
        "HarnessMacrosPlugin",
        syntax("SwiftSyntaxMacrosTestSupport"),
      ]
    ),
    // The generated code at work, under Swift Testing and XCTest.
    .testTarget(
      name: "HarnessMacrosTests",
      dependencies: ["HarnessMacros", "HarnessDependencies", "HarnessIssues", "HarnessTesting"]
    ),
  ]
}
