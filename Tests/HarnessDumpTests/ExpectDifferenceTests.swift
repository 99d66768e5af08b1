import HarnessDump
import HarnessIssues
import Testing

private struct Counter: Equatable {
  var count = 0
  var isOdd = false

  mutating func increment() {
    count += 1
    isOdd.toggle()
  }
}

private struct Failure: Error {}

@Suite("expectDifference")
struct ExpectDifferenceTests {
  /// Increments a counter inside `expectDifference` and returns the messages it reported.
  private func messagesAfterIncrement(changes: (inout Counter) -> Void) -> [String] {
    let collector = IssueCollector()
    var counter = Counter()
    withIssueReporters([collector]) {
      expectDifference(counter) {
        counter.increment()
      } changes: {
        changes(&$0)
      }
    }
    #expect(counter.count == 1)
    return collector.issues.map(\.message)
  }

  @Test func describedChangesPass() {
    #expect(messagesAfterIncrement { $0.count = 1; $0.isOdd = true }.isEmpty)
  }

  @Test func undescribedChangeIsReported() {
    #expect(messagesAfterIncrement { $0.count = 1 } == [
      """
      expectDifference failed: the value after the operation is not the value `changes` describes

        Counter(
          count: 1,
      −   isOdd: false
      +   isOdd: true
        )

      (Expected: −, Actual: +)
      """
    ])
  }

  @Test func withoutOperationOnlyDescribedFieldsAreChecked() {
    let collector = IssueCollector()
    var counter = Counter()
    counter.increment()
    withIssueReporters([collector]) {
      expectDifference(counter) { $0.count = 1 }  // isOdd not asserted: not exhaustive
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func operationThatChangesNothingIsReported() {
    let counter = Counter()
    withExpectedIssue {
      expectDifference(counter, "after tapping") {
        _ = counter
      } changes: { _ in }
    } matching: { issue in
      issue.message.hasPrefix("expectDifference failed: the operation changed nothing — after tapping")
    }
  }

  @Test func asyncOperation() async {
    let collector = IssueCollector()
    var counter = Counter()
    await withIssueReporters([collector]) {
      await expectDifference(counter) {
        await Task.yield()
        counter.increment()
      } changes: {
        $0.count = 1
        $0.isOdd = true
      }
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func asyncOperationMismatchIsReported() async {
    var counter = Counter()
    await withExpectedIssue {
      await expectDifference(counter) {
        counter.increment()
        counter.increment()
      } changes: {
        $0.count = 1
      }
    } matching: { issue in
      issue.message.contains("−   count: 1,\n+   count: 2,")
    }
  }

  @Test func thrownErrorsAreReported() {
    withExpectedIssue {
      expectDifference(0) {
        throw Failure()
      } changes: { $0 = 1 }
    } matching: { issue in
      issue.error is Failure
    }
  }
}
