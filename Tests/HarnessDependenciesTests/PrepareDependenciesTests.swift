import Foundation
import HarnessDependencies
import HarnessIssues
import Testing

struct PrepareDependenciesTests {
  @Test func preparedValuesAreTheDefaultsOfTheTest() {
    prepareDependencies { $0.greeting = "prepared" }
    @Dependency(\.greeting) var greeting
    #expect(greeting == "prepared")
    // A scope still overrides a prepared value.
    withDependencies { $0.greeting = "scoped" } operation: {
      #expect(DependencyValues.current.greeting == "scoped")
    }
  }

  @Test func preparingTwiceBeforeUseKeepsTheLastPreparation() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      prepareDependencies { $0.number = 10 }
      prepareDependencies {
        $0.number = 11
        $0.number = 12
      }
    }
    #expect(collector.issues.isEmpty)
    #expect(DependencyValues.current.number == 12)
  }

  @Test func preparingADependencyAlreadyUsedIsReportedAndIgnored() {
    #expect(DependencyValues.current.number == 2)
    withExpectedIssue {
      prepareDependencies { $0.number = 10 }
    } matching: { issue in
      issue.message.contains("prepareDependencies cannot change @Dependency(\\.number)")
        && issue.message.contains("it was already used in this test")
        && issue.message.contains("at the very start of the test")
        && issue.location.fileID == "HarnessDependenciesTests/PrepareDependenciesTests.swift"
    }
    #expect(DependencyValues.current.number == 2)
  }

  @Test func theContextCannotBePrepared() {
    withExpectedIssue {
      prepareDependencies { $0.context = .live }
    } matching: { issue in
      issue.message.contains("prepareDependencies cannot change @Dependency(\\.context)")
        && issue.message.contains("HARNESS_DEPENDENCY_CONTEXT")
    }
    #expect(DependencyValues.current.context == .test)
  }

  @Test func preparationsAreForTheContextInEffect() {
    withDependencies { $0.context = .preview } operation: {
      prepareDependencies { $0.greeting = "prepared preview" }
      #expect(DependencyValues.current.greeting == "prepared preview")
    }
    #expect(DependencyValues.current.greeting == "test")
  }

  @Test func anAppPreparesItsProcessOnce() async {
    // Outside any test, preparation targets the process's defaults; an exit test gives a
    // process of its own.
    await #expect(processExitsWith: .success) {
      let collector = IssueCollector()
      withIssueReporters([collector]) {
        prepareDependencies { $0.greeting = "app" }
        _ = DependencyValues.current.greeting
        prepareDependencies { $0.greeting = "too late" }
      }
      let errors = collector.issues.filter { $0.severity == .error }.map(\.message)
      let ok =
        DependencyValues.current.greeting == "app" && errors.count == 1
        && errors[0].contains("@Dependency(\\.greeting): it was already used in this process")
      exit(ok ? 0 : 1)
    }
  }
}

/// A suite's `init` runs before each of its tests, like XCTest's `setUp`.
struct PrepareDependenciesInSuiteInitTests {
  init() {
    prepareDependencies { $0.greeting = "prepared in init" }
  }

  // Each case reads the prepared value. Were the cases sharing defaults, every `init` after the
  // first read would prepare an already used dependency, and that is reported.
  @Test(arguments: 0..<20)
  func theTestSeesWhatItsSuitesInitPrepared(_: Int) {
    #expect(DependencyValues.current.greeting == "prepared in init")
  }
}
