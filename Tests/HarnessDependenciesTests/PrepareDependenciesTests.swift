import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing
import XCTest

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

  @Test func preparingTheContextSwitchesTheTestsDefaults() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      prepareDependencies {
        $0.context = .live
        $0.number = 99
      }
    }
    #expect(collector.issues.isEmpty)
    #expect(DependencyValues.current.context == .live)
    #expect(DependencyValues.current.greeting == "live")
    // Prepared for the context prepared with it.
    #expect(DependencyValues.current.number == 99)
    // A scope still overrides the prepared context.
    withDependencies { $0.context = .test } operation: {
      #expect(DependencyValues.current.greeting == "test")
    }
  }

  @Test func preparingTheContextUnderAContextOverrideIsReported() {
    withDependencies { $0.context = .preview } operation: {
      withExpectedIssue {
        prepareDependencies { $0.context = .live }
      } matching: { issue in
        issue.message.contains("prepareDependencies set the context to live")
          && issue.message.contains("overrides it with preview")
      }
      #expect(DependencyValues.current.context == .preview)
    }
    #expect(DependencyValues.current.context == .live)
  }

  @Test func aPreparationUnderAContextOverrideIsForThatContext() {
    prepareDependencies { $0.context = .live }
    withDependencies { $0.context = .preview } operation: {
      prepareDependencies { $0.greeting = "prepared preview" }
      #expect(DependencyValues.current.greeting == "prepared preview")
    }
    #expect(DependencyValues.current.greeting == "live")
  }

  @Test func preparingAnEndpointOfADependencySetsIt() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      prepareDependencies { $0[SettingsClient.self].get = { "prepared" } }
      prepareDependencies { $0.settings.set = { _ in } }
    }
    #expect(collector.issues.isEmpty)
    @Dependency(SettingsClient.self) var settings
    #expect(settings.get() == "prepared")
    settings.set("ignored")
  }

  @Test func preparingTheDateSetsIt() {
    prepareDependencies { $0.date.now = Date(timeIntervalSince1970: 1) }
    @Dependency(\.date.now) var now
    #expect(now.timeIntervalSince1970 == 1)
  }

  @Test func prepareDependenciesReturnsTheClosuresValue() {
    let value = prepareDependencies {
      $0.greeting = "prepared"
      return 42
    }
    #expect(value == 42)
    #expect(DependencyValues.current.greeting == "prepared")
  }

  @Test func preparingInAPreviewAgainReplacesTheValueForLaterReads() {
    withDependencies { $0.context = .preview } operation: {
      let collector = IssueCollector()
      withIssueReporters([collector]) {
        prepareDependencies { $0.greeting = "first run" }
        #expect(DependencyValues.current.greeting == "first run")
        // The preview's body runs again.
        prepareDependencies { $0.greeting = "second run" }
      }
      #expect(collector.issues.isEmpty)
      #expect(DependencyValues.current.greeting == "second run")
    }
  }

  @Test(.dependency(\.greeting, "trait"))
  func preparingADependencyOverriddenHereWarns() {
    withExpectedIssue {
      prepareDependencies { $0.greeting = "prepared" }
    } matching: { issue in
      issue.severity == .warning
        && issue.message.contains("prepareDependencies prepared @Dependency(\\.greeting)")
        && issue.message.contains("the scope current here overrides it")
    }
    #expect(DependencyValues.current.greeting == "trait")
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

/// A client with endpoints, prepared one endpoint at a time.
struct SettingsClient: TestDependencyKey {
  var get: @Sendable () -> String
  var set: @Sendable (String) -> Void
  static let testValue = SettingsClient(
    get: unimplemented("SettingsClient.get", placeholder: ""),
    set: unimplemented("SettingsClient.set")
  )
}

extension DependencyValues {
  var settings: SettingsClient {
    get { self[SettingsClient.self] }
    set { self[SettingsClient.self] = newValue }
  }
}

/// XCTest, where issues reach the test through XCTest: preparations in `setUp` and their reports.
final class PrepareDependenciesXCTests: XCTestCase {
  override func setUp() {
    super.setUp()
    prepareDependencies { $0[SettingsClient.self].get = { "prepared in setUp" } }
  }

  func testAnEndpointPreparedInSetUpIsSeenByTheTest() {
    @Dependency(SettingsClient.self) var settings
    XCTAssertEqual(settings.get(), "prepared in setUp")
  }

  func testPreparingADependencyAlreadyUsedIsReported() {
    XCTAssertEqual(DependencyValues.current.number, 2)
    withExpectedIssue {
      prepareDependencies { $0.number = 10 }
    } matching: { issue in
      issue.message.contains("prepareDependencies cannot change @Dependency(\\.number)")
        && issue.message.contains("in setUp()")
    }
    XCTAssertEqual(DependencyValues.current.number, 2)
  }

  func testPreparingTheContext() {
    prepareDependencies { $0.context = .live }
    XCTAssertEqual(DependencyValues.current.context, .live)
    XCTAssertEqual(DependencyValues.current.greeting, "live")
  }
}
