import Foundation
import Harness
import HarnessStore
import Synchronization
import Testing

// Helpers for the TCA scenarios (ported from the Composable Architecture's TestStore, effect-run
// and effect-cancellation tests, under their test names). Nothing here is TCA's code: TCA's tests use XCTExpectFailure,
// Task.never(), Task.megaYield() and Combine subjects; these are stand-ins written for Harness.

/// The port of `XCTExpectFailure { … } issueMatcher: { $0.compactDescription.contains(…) }`:
/// `body` must report an issue whose message contains every one of `substrings`.
func expectTCAIssue(
  _ substrings: String...,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void
) async {
  await withExpectedIssue(
    isolation: isolation,
    fileID: fileID,
    filePath: filePath,
    line: line,
    column: column,
    body,
    matching: { issue in substrings.allSatisfy { issue.message.contains($0) } }
  )
}

/// TCA reports each assertion `.off(showSkippedAssertions: true)` skipped as an expected failure;
/// Harness reports a warning. `body` must report exactly `count` issues, each a warning about
/// something skipped.
func expectSkippedAssertionWarnings(
  _ count: Int,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let issues = await collectIssues(isolation: isolation, body)
  #expect(issues.count == count, "\(issues.map(\.message))", sourceLocation: sourceLocation)
  for issue in issues {
    #expect(issue.severity == .warning, "\(issue.message)", sourceLocation: sourceLocation)
    #expect(issue.message.lowercased().contains("skipped"), "\(issue.message)", sourceLocation: sourceLocation)
  }
}

/// Stand-in for TCA's `Task.never()`: iterates an `AsyncStream` nobody finishes; iteration
/// ends when the task is cancelled, then it throws `CancellationError`.
func neverEnding() async throws {
  let stream = AsyncStream<Never> { _ in }
  for await _ in stream {}
  throw CancellationError()
}

/// Stand-in for Combine's `PassthroughSubject`: each `values()` call is a subscriber; `send`
/// reaches every current subscriber, `finish` completes them all.
final class TCASubject<Value: Sendable>: Sendable {
  private let subscribers = Locked<[Int: AsyncStream<Value>.Continuation]>([:])
  private let nextID = Atomic<Int>(0)

  func values() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let id = nextID.add(1, ordering: .relaxed).newValue
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
    }
    subscribers.withLock { $0[id] = continuation }
    return stream
  }

  var subscriberCount: Int { subscribers.withLock { $0.count } }

  /// An effect that subscribes and sends every value it gets (TCA's `.publisher { subject }`).
  func forwarded() -> Effect<Value> {
    .run { send in
      for await value in self.values() { await send(value) }
    }
  }

  func send(_ value: Value) {
    for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(value) }
  }

  func finish() {
    for continuation in subscribers.withLock({ Array($0.values) }) { continuation.finish() }
  }
}
