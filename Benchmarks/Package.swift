// swift-tools-version: 6.3
import PackageDescription

// Harness side by side with its peers, measured in the same run. Each executable prints its
// figures and the ratio to the peer: `swift run -c release --package-path Benchmarks <name>`.
let package = Package(
  name: "HarnessBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // Named, because a path dependency is otherwise named after its folder. HarnessSchedulers
    // needs the Schedulers trait; no benchmark uses the macros (so no swift-syntax).
    .package(name: "Harness", path: "..", traits: ["Schedulers"]),
    .package(url: "https://github.com/pointfreeco/combine-schedulers", exact: "1.2.2"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", exact: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", exact: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
  ],
  targets: [
    .target(name: "BenchmarkSupport"),
    .executableTarget(
      name: "ClocksBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "HarnessClocks", package: "Harness"),
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      // Both libraries extend Clock with `timer(interval:)`: without it, Harness's scenario
      // file saw swift-clocks' extension too and its timer row timed swift-clocks' timer
      // sequence on Harness's clock.
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    .executableTarget(
      name: "IsolationBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "HarnessClocks", package: "Harness"),
      ]
    ),
    .executableTarget(
      name: "SchedulersBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "HarnessClocks", package: "Harness"),
        .product(name: "HarnessSchedulers", package: "Harness"),
        // Its OpenCombine trait is on by default off Apple platforms.
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
      ],
      // Both libraries extend DispatchQueue with `test`: each file sees the one it imports.
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    .executableTarget(
      name: "DumpBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "HarnessDump", package: "Harness"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    .executableTarget(
      name: "DependenciesBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "HarnessDependencies", package: "Harness"),
        .product(name: "HarnessIssues", package: "Harness"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .executableTarget(
      name: "InterleavingsBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "HarnessInterleavings", package: "Harness"),
        .product(name: "HarnessIssues", package: "Harness"),
      ]
    ),
    .executableTarget(
      name: "StoreBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Harness", package: "Harness"),
        .product(name: "HarnessStore", package: "Harness"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
