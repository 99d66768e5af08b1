import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

/// A key whose test value reports its own use, unless Harness makes it only to be overridden.
private struct Database: Sendable {
  var path: String
}

private enum DatabaseKey: TestDependencyKey {
  static var testValue: Database {
    if shouldReportUnimplemented {
      reportIssue("A blank, in-memory database is being used: override \\.database.")
    }
    return Database(path: ":memory:")
  }
}

extension DependencyValues {
  fileprivate var database: Database {
    get { self[DatabaseKey.self] }
    set { self[DatabaseKey.self] = newValue }
  }
}

@Suite struct ShouldReportUnimplementedTests {
  @Test func aPlainReadOfTheTestValueReports() {
    @Dependency(\.database) var database
    withExpectedIssue {
      #expect(database.path == ":memory:")
    } matching: { $0.message == #"A blank, in-memory database is being used: override \.database."# }
  }

  @Test func overridingPartOfTheValueDoesNotReport() {
    let collector = IssueCollector()
    let path = withIssueReporters([collector]) {
      withDependencies {
        $0.database.path = "/tmp/test.sqlite"
      } operation: {
        @Dependency(\.database) var database
        return database.path
      }
    }
    #expect(path == "/tmp/test.sqlite")
    #expect(collector.issues.isEmpty)
  }

  @Test func aValueMadeForAnOverrideIsNotKeptForPlainReads() {
    // The override read made the value without its report; the read after it, outside the
    // override, makes it again and reports.
    withDependencies { $0.database.path = "/tmp/a.sqlite" } operation: {}
    @Dependency(\.database) var database
    withExpectedIssue {
      #expect(database.path == ":memory:")
    } matching: { $0.message.hasPrefix("A blank, in-memory database") }
  }

  @Test func prepareDependenciesDoesNotReport() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      prepareDependencies { $0.database.path = "/tmp/prepared.sqlite" }
    }
    #expect(collector.issues.isEmpty)
    @Dependency(\.database) var database
    #expect(database.path == "/tmp/prepared.sqlite")
  }

  @Test func outsideAnyMakingItIsTrue() {
    #expect(DatabaseKey.shouldReportUnimplemented)
  }
}
