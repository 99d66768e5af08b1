import HarnessDependencies
import HarnessIssues
import Testing

struct DependencyKeyTests {
  @Test func testsGetTheTestValue() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "test")
  }

  @Test func previewValueDefaultsToTheLiveValueOfADependencyKey() {
    withDependencies { $0.context = .preview } operation: {
      @Dependency(\.service) var service
      #expect(service.name == "live service")
    }
  }

  @Test func previewValueDefaultsToTheTestValueOfATestDependencyKey() {
    withDependencies { $0.context = .preview } operation: {
      @Dependency(\.interfaceOnly) var value
      #expect(value == "interface test value")
    }
  }

  @Test func eachContextGetsItsOwnValue() {
    for (context, expected) in [(DependencyContext.live, "live"), (.preview, "preview"), (.test, "test")] {
      withDependencies { $0.context = context } operation: {
        @Dependency(\.greeting) var greeting
        #expect(greeting == expected)
      }
    }
  }

  @Test func missingTestValueFailsTheTestNamingTheDependency() throws {
    let collector = IssueCollector()
    @Dependency(\.service) var service
    let line = #line - 1
    let value = withIssueReporters([collector]) { service }
    #expect(value.name == "live service")
    let issue = try #require(collector.issues.first)
    #expect(collector.issues.count == 1)
    let message = issue.message
    #expect(message.contains("@Dependency(\\.service) has no test value"))
    #expect(message.contains("Key:     ServiceKey"))
    #expect(message.contains("Value:   Service"))
    #expect(message.contains("Read at: HarnessDependenciesTests/DependencyKeyTests.swift:\(line)"))
    #expect(message.contains("withDependencies { $0.service = … }"))
    #expect(message.contains("@Test(.dependency(\\.service, …))"))
    #expect(message.contains("implement `static var testValue` on ServiceKey"))
    #expect(message.contains("Test:    Swift Testing"))
    #expect(issue.location.fileID == "HarnessDependenciesTests/DependencyKeyTests.swift")
    #expect(issue.location.line == UInt(line))
  }

  @Test func missingTestValueOfAKeyReadDirectlyNamesTheKey() {
    @Dependency(LiveOnlyClient.self) var client
    withExpectedIssue {
      #expect(client.fetch() == "live data")
    } matching: { issue in
      issue.message.contains("@Dependency(LiveOnlyClient.self) has no test value")
        && issue.message.contains("$0[LiveOnlyClient.self] = …")
        && issue.message.contains(".dependency(LiveOnlyClient.…)")
    }
  }

  @Test func missingTestValueReadThroughDependencyValuesSaysTheReadSiteIsUnknown() {
    withExpectedIssue {
      _ = DependencyValues.current.service
    } matching: { issue in
      issue.message.contains("@Dependency(\\.service) has no test value")
        && issue.message.contains("Read at: not known")
    }
  }

  @Test func missingTestValueIsReportedOncePerTest() {
    let collector = IssueCollector()
    @Dependency(\.service) var service
    withIssueReporters([collector]) {
      _ = service
      _ = service
      _ = DependencyValues.current.service
    }
    #expect(collector.issues.count == 1)
  }

  @Test func overridingADependencyWithoutTestValueReportsNothing() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withDependencies {
        $0.service.name = "patched"   // reads the default first
      } operation: {
        @Dependency(\.service) var service
        #expect(service.name == "patched")
      }
    }
    #expect(collector.issues.isEmpty)
    // The value read while overriding was not kept, so a plain read still reports.
    withExpectedIssue {
      _ = DependencyValues.current.service
    } matching: { $0.message.contains("@Dependency(\\.service) has no test value") }
  }

  @Test func readingAKeyWithoutLiveValueWhileOverridingItInALiveContextReportsNothing() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withDependencies { $0.context = .live } operation: {
        withDependencies {
          _ = $0.interfaceOnly   // read while being overridden
        } operation: {}
      }
    }
    #expect(collector.issues.map(\.message) == [])
    // Kept, with its report left to the first plain read, which reports it at its own line.
    withDependencies { $0.context = .live } operation: {
      withExpectedIssue {
        @Dependency(\.interfaceOnly) var value
        _ = value
      } matching: { $0.message.contains("@Dependency(\\.interfaceOnly) has no live value") }
    }
  }

  /// As in a test: what an override does to a stateful value (through `$0`) stays, for the
  /// override's next reads and for the operation's; the value's report comes with the first
  /// plain read. (swift-dependencies' `testUpdatingTestDependencyFromLiveContext_WhenUpdatingDependencies`.)
  @Test func aTestOnlyValueChangedThroughAnOverrideInALiveContextKeepsTheChange() {
    withDependencies { $0.context = .live } operation: {
      @Dependency(\.interfaceOnlyCounter) var counter
      withDependencies {
        #expect($0.interfaceOnlyCounter.next() == 0)
        #expect($0.interfaceOnlyCounter.next() == 1)
      } operation: {
        withExpectedIssue {
          #expect(counter.next() == 2)
        } matching: { issue in
          issue.message.contains("@Dependency(\\.interfaceOnlyCounter) has no live value")
            && issue.message.contains("InterfaceOnlyCounterKey conforms to TestDependencyKey only")
        }
        // Reported once.
        #expect(counter.next() == 3)
      }
    }
  }

  @Test func callingTheDefaultTestValueDirectlyReports() {
    withExpectedIssue {
      #expect(ServiceKey.testValue.name == "live service")
    } matching: { issue in
      issue.message.contains("The dependency ServiceKey has no test value")
    }
  }

  @Test func missingLiveValueReportsAndGivesTheTestValue() {
    withDependencies { $0.context = .live } operation: {
      @Dependency(\.interfaceOnly) var value
      withExpectedIssue {
        #expect(value == "interface test value")
      } matching: { issue in
        issue.message.contains("@Dependency(\\.interfaceOnly) has no live value")
          && issue.message.contains("InterfaceOnlyKey conforms to TestDependencyKey only")
          && issue.message.contains("prepareDependencies { $0.interfaceOnly = … }")
      }
    }
  }

  @Test func aMissingTestValueFallsBackToThePreviewValueAndReports() {
    @Dependency(\.previewed) var previewed
    withExpectedIssue {
      #expect(previewed == "preview")
    } matching: { issue in
      issue.message.contains(
        "@Dependency(\\.previewed) has no test value, so this test got its preview value.")
        && issue.message.contains("withDependencies { $0.previewed = … }")
    }
  }

  @Test func aMissingTestAndPreviewValueFallsBackToTheLiveValueAndSaysSo() {
    withExpectedIssue {
      _ = DependencyValues.current.service
    } matching: { issue in
      issue.message.contains("@Dependency(\\.service) has no test value, so this test got its live value.")
    }
  }

  @Test func callingTheDefaultTestValueDirectlyGivesThePreviewValue() {
    withExpectedIssue {
      #expect(PreviewedKey.testValue == "preview")
    } matching: { issue in
      issue.message.contains("The dependency PreviewedKey has no test value, so this test got its preview value")
    }
  }
}

/// A key with live and preview values and no test value.
enum PreviewedKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
}

extension DependencyValues {
  var previewed: String {
    get { self[PreviewedKey.self] }
    set { self[PreviewedKey.self] = newValue }
  }
}
