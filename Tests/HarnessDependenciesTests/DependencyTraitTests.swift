import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

struct DependencyTraitTests {
  /// A key path into a property of an unimplemented built-in: the write reads `now` first,
  /// which reports nothing (swift-dependencies' own `trait()` test, in Harness's names).
  @Test(.dependency(\.date.now, Date(timeIntervalSinceReferenceDate: 0)))
  func aKeyPathIntoTheDatesNowSetsItWithoutReportingTheDate() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 0))
  }

  @Test func aKeyPathWriteInWithDependenciesReportsNothingEither() {
    let keyPath: WritableKeyPath<DependencyValues, Date> = \.date.now
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withDependencies {
        $0[keyPath: keyPath] = Date(timeIntervalSince1970: 0)
      } operation: {
        @Dependency(\.date.now) var now
        #expect(now == Date(timeIntervalSince1970: 0))
      }
    }
    #expect(collector.issues.map(\.message) == [])
  }

  @Test func readingTheUnimplementedDateOutsideAnUpdateStillReportsIt() {
    withExpectedIssue {
      @Dependency(\.date.now) var now
      _ = now
    } matching: { issue in
      issue.message.contains("@Dependency(\\.date)")
    }
  }

  @Test(.dependency(\.greeting, "from trait"))
  func overridesOneDependency() {
    #expect(DependencyValues.current.greeting == "from trait")
  }

  @Test(.dependencies {
    $0.greeting = "from trait"
    $0.number = 10
  })
  func overridesSeveralDependencies() {
    #expect(DependencyValues.current.greeting == "from trait")
    #expect(DependencyValues.current.number == 10)
  }

  @Test(.dependency(LiveOnlyClient.mock))
  func overridesADependencyThatIsItsOwnKey() {
    @Dependency(LiveOnlyClient.self) var client
    #expect(client.fetch() == "mock data")
  }

  @Test(.dependency(\.number, 1), .dependency(\.number, 2))
  func laterTraitsWin() {
    #expect(DependencyValues.current.number == 2)
  }

  @Test(.dependency(\.greeting, "trait"))
  func defaultValuesAreBuiltAfreshForTheTest() {
    // Built in the trait's scope, not in a cache shared with other tests.
    #expect(DependencyValues.current.counter.next() == 0)
  }
}

@Suite(.dependencies {
  $0.greeting = "suite"
  $0.number = 1
})
struct DependencySuiteTraitTests {
  @Dependency(\.greeting) var greeting

  @Test func theSuitesTraitAppliesToEveryTest() {
    #expect(DependencyValues.current.greeting == "suite")
    #expect(DependencyValues.current.number == 1)
  }

  @Test(.dependency(\.number, 2))
  func aTestsTraitAddsToItsSuites() {
    #expect(DependencyValues.current.greeting == "suite")
    #expect(DependencyValues.current.number == 2)
  }

  @Test func theSuitesInitRunsInTheTestsScope() {
    #expect(greeting == "suite")
  }

  @Test(.dependency(\.uuid, .incrementing), arguments: 0..<20)
  func everyArgumentGetsItsOwnScope(_ index: Int) {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(0))
    #expect(DependencyValues.current.counter.next() == 0)
  }

  struct Nested {
    @Test func nestedSuitesInheritTheTrait() {
      #expect(DependencyValues.current.greeting == "suite")
    }
  }
}

/// Trait values that are made per test, so they need not be `Sendable`, and may throw.
struct DependencyTraitValueTests {
  @Test(.dependency(\.greetingBox, GreetingBox("boxed")))
  func aNonSendableValueThroughAPathIntoADependency() {
    #expect(DependencyValues.current.greeting == "boxed")
  }

  @Test(.dependency(\.number, try parsedNumber("7")))
  func aThrowingValue() {
    #expect(DependencyValues.current.number == 7)
  }

  @Test(.dependencies {
    await Task.yield()
    $0.greeting = "awaited"
  })
  func anAsyncUpdate() {
    #expect(DependencyValues.current.greeting == "awaited")
  }
}

/// Not `Sendable`: a mutable class.
final class GreetingBox {
  var text: String
  init(_ text: String) { self.text = text }
}

extension DependencyValues {
  /// A view of `greeting` through a non-`Sendable` type.
  var greetingBox: GreetingBox {
    get { GreetingBox(greeting) }
    set { greeting = newValue.text }
  }
}

struct NotANumber: Error {}

func parsedNumber(_ text: String) throws -> Int {
  guard let number = Int(text) else { throw NotANumber() }
  return number
}
