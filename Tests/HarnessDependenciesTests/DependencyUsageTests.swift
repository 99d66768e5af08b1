import Foundation
@_spi(DependencyUsage) import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

/// Runs `body` in a usage-tracked scope and returns its report.
private func usage(
  _ mode: DependencyUsageMode = .report, _ body: () -> Void
) -> DependencyUsageReport {
  let report = Locked<DependencyUsageReport?>(nil)
  DependencyUsageTracking.run(
    mode, label: "scenario", output: { given in report.withLock { $0 = given } },
    site: SourceCodeLocation(), { _ in }, operation: body)
  return report.withLock { $0! }
}

private let thisFile = "HarnessDependenciesTests/DependencyUsageTests.swift"

private final class UsageModel {
  @Dependency(\.greeting) var greeting
  @Dependency(\.number) var number
}

struct DependencyUsageTests {
  @Test func reportsReadsUnusedOverridesAndNoLiveValues() {
    let line = UInt(#line) + 2
    let report = usage {
      withDependencies {
        $0.greeting = "given"
        $0.number = 3
      } operation: {
        #expect(DependencyValues.current.greeting == "given")
        #expect(DependencyValues.current.counter.next() == 0)
      }
    }
    #expect(report.test == "scenario")
    #expect(report.read == ["\\.greeting", "\\.counter"])
    #expect(report.unusedOverrides.map(\.name) == ["\\.number"])
    #expect(report.unusedOverrides.first?.location?.fileID == thisFile)
    #expect(report.unusedOverrides.first?.location?.line == line)
    #expect(report.liveValues.isEmpty)
    #expect(report.description == """
      Dependency usage of scenario:
        read: \\.greeting, \\.counter
        unused overrides: \\.number (\(thisFile):\(line))
        live values: none
      """)
  }

  @Test func reportsLiveValuesReached() {
    let report = usage {
      withExpectedIssue {
        _ = DependencyValues.current.service
      } matching: { issue in
        issue.message.contains("service")
      }
    }
    #expect(report.read == ["\\.service"])
    #expect(report.liveValues == ["\\.service"])
  }

  @Test func aContextOverrideIsUsedByTheDefaultsItChooses() {
    let report = usage {
      withDependencies { $0.context = .live } operation: {
        #expect(DependencyValues.current.greeting == "live")
      }
    }
    #expect(report.read == ["\\.greeting"])
    #expect(report.unusedOverrides.isEmpty)
    #expect(report.liveValues == ["\\.greeting"])
  }

  @Test func recordsEveryReadOfAPropertyNotJustTheFirst() {
    let report = usage {
      let model = UsageModel()
      #expect(model.greeting == "test")
      #expect(DependencyUsageReport.current?.read == ["\\.greeting"])
      withDependencies { $0.number = 7 } operation: {
        #expect(model.greeting == "test")
        #expect(model.number == 7)
      }
    }
    #expect(report.read == ["\\.greeting", "\\.number"])
    #expect(report.unusedOverrides.isEmpty)
  }

  @Test func readsThroughAModelMadeWithOverridesUseThem() {
    let report = usage {
      let model = withDependencies { $0.number = 5 } operation: { UsageModel() }
      let child = withDependencies(from: model) { UsageModel() }
      #expect(child.number == 5)
    }
    #expect(report.read == ["\\.number"])
    #expect(report.unusedOverrides.isEmpty)
  }

  @Test func anOverrideInAChildModelNeverReadIsUnused() {
    let report = usage {
      let model = UsageModel()
      let child = withDependencies(from: model) { $0.greeting = "child" } operation: { UsageModel() }
      #expect(child.number == 2)
    }
    #expect(report.unusedOverrides.map(\.name) == ["\\.greeting"])
  }

  @Test func strictModeFailsForEachUnusedOverrideWhereItWasSet() {
    let line = UInt(#line) + 3
    withExpectedIssue {
      _ = usage(.strict) {
        withDependencies { $0.number = 3 } operation: {}
      }
    } matching: { issue in
      issue.message.contains("The override of \\.number (set at \(thisFile):\(line)) was never read by scenario")
        && issue.location.fileID == thisFile && issue.location.line == line
    }
  }

  @Test func strictModeIsQuietWhenEveryOverrideIsRead() {
    let report = usage(.strict) {
      withDependencies { $0.number = 3 } operation: { #expect(DependencyValues.current.number == 3) }
    }
    #expect(report.unusedOverrides.isEmpty)
  }

  @Test func nothingIsTrackedOutsideATrackedScope() {
    #expect(DependencyUsageReport.current == nil)
    let model = UsageModel()
    #expect(model.greeting == "test")
  }
}

// The trait: reports are checked where they are delivered, still inside the test.

@Test(
  DependencyUsageTrait(.report) { report in
    #expect(report.read == ["\\.greeting"])
    #expect(report.unusedOverrides.map(\.name) == ["\\.number"])
    #expect(report.unusedOverrides.first?.location?.fileID == "HarnessDependenciesTests/DependencyUsageTests.swift")
  },
  .dependencies {
    $0.greeting = "trait"
    $0.number = 4
  }
)
func usageTraitOutsideTheDependencyTrait() {
  @Dependency(\.greeting) var greeting
  #expect(greeting == "trait")
}

@Test(
  .dependencies { $0.number = 4 },
  .dependency(\.greeting, "trait"),
  DependencyUsageTrait(.report) { report in
    #expect(report.read == ["\\.number"])
    #expect(report.unusedOverrides.map(\.name) == ["\\.greeting"])
  }
)
func usageTraitInsideTheDependencyTraits() {
  @Dependency(\.number) var number
  #expect(number == 4)
  #expect(number == 4)
}

@Test(.dependencyUsage)
func thePrintingTraitTracks() {
  #expect(DependencyValues.current.number == 2)
  #expect(DependencyUsageReport.current?.read == ["\\.number"])
}

@Suite(DependencyUsageTrait(.report) { report in
  #expect(report.read.count == 1)
  #expect(report.unusedOverrides.count == 1)
})
struct DependencyUsageParallelTests {
  // Many tests at once, each overriding and reading its own dependencies: no report sees
  // another test's reads or overrides.
  @Test(.dependency(\.greeting, "given"), arguments: 0..<40)
  func eachTestSeesOnlyItsOwnUsage(index: Int) async {
    await withDependencies { $0.number = index } operation: {
      await Task.yield()
      if index.isMultiple(of: 2) {
        #expect(DependencyValues.current.number == index)
        #expect(DependencyUsageReport.current?.read == ["\\.number"])
        #expect(DependencyUsageReport.current?.unusedOverrides.map(\.name) == ["\\.greeting"])
      } else {
        #expect(DependencyValues.current.greeting == "given")
        #expect(DependencyUsageReport.current?.read == ["\\.greeting"])
        #expect(DependencyUsageReport.current?.unusedOverrides.map(\.name) == ["\\.number"])
      }
    }
  }
}

/// Expects the issue that a strict usage trait listed after it reports once the test has run.
private struct ExpectsUnusedOverride: TestTrait, TestScoping {
  let name: String

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let name = name
    await withExpectedIssue {
      try await function()
    } matching: { issue in
      issue.message.contains("The override of \(name) (set at HarnessDependenciesTests/DependencyUsageTests.swift:")
        && issue.message.contains("was never read by strictTraitFailsTheTestForAnUnusedOverride()")
        && issue.location.fileID == "HarnessDependenciesTests/DependencyUsageTests.swift"
    }
  }
}

@Test(
  ExpectsUnusedOverride(name: "\\.number"),
  .dependencyUsage(.strict),
  .dependencies {
    $0.greeting = "strict"
    $0.number = 1
  }
)
func strictTraitFailsTheTestForAnUnusedOverride() {
  #expect(DependencyValues.current.greeting == "strict")
}

/// What `@DependencyClient` writes, by hand (this target does not use macros): every call of an
/// endpoint is noted in `EndpointCalls` first.
private struct HandWrittenClient: Sendable {
  var load: @Sendable () -> Int

  init(load: @escaping @Sendable () -> Int) {
    self.load = {
      EndpointCalls.record(HandWrittenClient.self, "load")
      return load()
    }
  }
}

private enum HandWrittenClientKey: TestDependencyKey {
  static var testValue: HandWrittenClient { HandWrittenClient { 1 } }
}

extension DependencyValues {
  fileprivate var handWritten: HandWrittenClient {
    get { self[HandWrittenClientKey.self] }
    set { self[HandWrittenClientKey.self] = newValue }
  }
}

struct DependencyUsageEndpointCallTests {
  // Many tasks of one tracked scope call the endpoint at once: listed once, under the dependency.
  @Test func callsFromConcurrentTasksAreListedOnceUnderTheDependency() async {
    let report = Locked<DependencyUsageReport?>(nil)
    await DependencyUsageTracking.run(
      .report, label: "scenario", output: { given in report.withLock { $0 = given } },
      site: SourceCodeLocation(), { _ in }
    ) {
      @Dependency(\.handWritten) var handWritten
      let client = handWritten
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<50 { group.addTask { client.load() } }
        for await value in group { #expect(value == 1) }
      }
    }
    #expect(report.withLock { $0?.endpointsCalled } == ["\\.handWritten: load"])
  }

  @Test func callsOutsideATrackedScopeReachNoReport() {
    #expect(DependencyUsageReport.current == nil)
    #expect(DependencyValues.current.handWritten.load() == 1)
  }
}
