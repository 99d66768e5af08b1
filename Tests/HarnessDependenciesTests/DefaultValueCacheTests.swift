import Dispatch
import Foundation
import HarnessDependencies
import HarnessIssues
import Synchronization
import Testing

// Keys used by one test each, so that their build counts belong to that test alone.

/// Counts how often its value is built, and builds slowly: it waits until another reader is
/// waiting for the same value (bounded, so it cannot hang), then does some work.
enum SlowKey: DependencyKey {
  static let builds = Atomic(0)
  static let readers = Atomic(0)

  static var liveValue: Int { build() }
  static var testValue: Int { build() }

  private static func build() -> Int {
    builds.add(1, ordering: .relaxed)
    var spins = 0
    while readers.load(ordering: .relaxed) < 2, spins < 5_000_000 {
      spins += 1
    }
    return (0..<10_000).reduce(0, &+) - 49_995_000 + 42
  }
}

/// A value whose initializer reads another dependency on another thread and waits for it.
enum ReadsOnAnotherThreadKey: DependencyKey {
  static var liveValue: String { readOnAnotherThread() }
  static var testValue: String { readOnAnotherThread() }

  private static func readOnAnotherThread() -> String {
    withEscapedDependencies { dependencies in
      DispatchQueue.global().sync {
        dependencies.yield { "built from \(DependencyValues.current.greeting)" }
      }
    }
  }
}

/// A value whose initializer reads another dependency on the same thread.
enum ReadsAnotherKey: DependencyKey {
  static var liveValue: String { "built from \(DependencyValues.current.greeting)" }
  static var testValue: String { "built from \(DependencyValues.current.greeting)" }
}

/// Two values that need each other: a cycle.
enum CycleAKey: DependencyKey {
  static var liveValue: Int { DependencyValues.current[CycleBKey.self] + 1 }
}
enum CycleBKey: DependencyKey {
  static var liveValue: Int { DependencyValues.current[CycleAKey.self] + 1 }
}

/// Test values that need each other while their preview values do not: a cycle a test survives.
enum TestCycleAKey: DependencyKey {
  static var liveValue: Int { 1 }
  static var previewValue: Int { 2 }
  static var testValue: Int { DependencyValues.current[TestCycleBKey.self] + 10 }
}
enum TestCycleBKey: DependencyKey {
  static var liveValue: Int { 3 }
  static var previewValue: Int { 4 }
  static var testValue: Int { DependencyValues.current[TestCycleAKey.self] + 100 }
  static let readLine: UInt = #line - 1
}

/// Test and preview values that cycle: the live value ends it.
enum PreviewCycleAKey: DependencyKey {
  static var liveValue: Int { 7 }
  static var previewValue: Int { DependencyValues.current[PreviewCycleBKey.self] + 1_000 }
  static var testValue: Int { DependencyValues.current[PreviewCycleBKey.self] + 10 }
}
enum PreviewCycleBKey: TestDependencyKey {
  static var testValue: Int { DependencyValues.current[PreviewCycleAKey.self] + 100 }
}

/// Two values that need each other, built at the same time on two threads: each build waits
/// until the other has started, then reads the other value.
enum CrossThreadCycle {
  static let started = Atomic(0)

  static func startAndWaitForTheOther() {
    started.add(1, ordering: .relaxed)
    while started.load(ordering: .relaxed) < 2 { sched_yield() }
  }
}

enum CrossCycleAKey: DependencyKey {
  static var liveValue: Int {
    CrossThreadCycle.startAndWaitForTheOther()
    return DependencyValues.current[CrossCycleBKey.self] + 1
  }
}
enum CrossCycleBKey: DependencyKey {
  static var liveValue: Int {
    CrossThreadCycle.startAndWaitForTheOther()
    return DependencyValues.current[CrossCycleAKey.self] + 1
  }
}

/// A value whose build waits (for a while) for a thread that reads the same value: a wait the
/// build graph cannot see.
enum SelfOnAnotherThreadKey: DependencyKey {
  static let otherThreadDone = DispatchSemaphore(value: 0)

  static var liveValue: Int {
    withEscapedDependencies { continuation in
      Thread {
        withIssueReporters([.runtimeWarning]) {
          continuation.yield { _ = DependencyValues.current[SelfOnAnotherThreadKey.self] }
        }
        otherThreadDone.signal()
      }.start()
    }
    // The other thread waits for this very build: give up on it after a while.
    Thread.sleep(forTimeInterval: 1)
    return 1
  }
}

extension DependencyValues {
  var slow: Int { self[SlowKey.self] }
  var readsOnAnotherThread: String { self[ReadsOnAnotherThreadKey.self] }
  var readsAnother: String { self[ReadsAnotherKey.self] }
  var cycleA: Int { self[CycleAKey.self] }
  var testCycleA: Int { self[TestCycleAKey.self] }
  var previewCycleA: Int { self[PreviewCycleAKey.self] }
}

struct DefaultValueCacheTests {
  @Test func aSlowLiveValueReadByAThousandTasksIsBuiltExactlyOnce() async {
    let reads = await withDependencies { $0.context = .live } operation: {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<1_000 {
          group.addTask {
            SlowKey.readers.add(1, ordering: .relaxed)
            @Dependency(\.slow) var slow
            var sum = 0
            for _ in 0..<100 { sum += slow }
            return sum
          }
        }
        var total = 0
        for await sum in group { total += sum }
        return total
      }
    }
    #expect(reads == 1_000 * 100 * 42)
    #expect(SlowKey.builds.load(ordering: .relaxed) == 1)
  }

  @Test func aValueThatReadsADependencyOnAnotherThreadDoesNotDeadlock() async {
    let results = await withDependencies { $0.greeting = "scope" } operation: {
      await withTaskGroup(of: String.self) { group in
        for _ in 0..<50 {
          group.addTask { DependencyValues.current.readsOnAnotherThread }
        }
        var results: Set<String> = []
        for await result in group { results.insert(result) }
        return results
      }
    }
    // Built once, by whichever reader came first, with that reader's dependencies.
    #expect(results == ["built from scope"])
  }

  @Test func aValueThatReadsAnotherDependencyOnTheSameThread() async {
    let results = await withTaskGroup(of: String.self) { group in
      for _ in 0..<50 {
        group.addTask { DependencyValues.current.readsAnother }
      }
      var results: Set<String> = []
      for await result in group { results.insert(result) }
      return results
    }
    #expect(results == ["built from test"])
  }

  @Test func aLiveValueReadingAnotherOnAnotherThreadInTheLiveContext() {
    withDependencies { $0.context = .live } operation: {
      #expect(DependencyValues.current.readsOnAnotherThread == "built from live")
    }
  }

  @Test func aCycleOfTestValuesIsReportedOnceAndTheTestGoesOnWithThePreviewValue() {
    let collector = IssueCollector()
    let values = withIssueReporters([collector]) {
      withFreshDependencies { $0.context = .test } operation: {
        // Read again, the values built are kept: no second build, no second report.
        (DependencyValues.current.testCycleA, DependencyValues.current.testCycleA,
          DependencyValues.current[TestCycleBKey.self])
      }
    }
    // A's test value reads B's, which reads A: that read gets A's preview value, 2.
    #expect(values == (2 + 100 + 10, 112, 102))
    #expect(collector.issues.count == 1)
    // Reported at the read that closes the cycle: B's test value reading A.
    #expect(collector.issues.first?.location.fileID == "HarnessDependenciesTests/DefaultValueCacheTests.swift")
    #expect(collector.issues.first?.location.line == TestCycleBKey.readLine)
    let message = collector.issues.first?.message ?? ""
    #expect(
      message.hasPrefix(
        "Dependency cycle: @Dependency(\\.testCycleA) → @Dependency(TestCycleBKey.self) → @Dependency(\\.testCycleA)."))
    #expect(
      message.hasSuffix(
        """
        This read of @Dependency(TestCycleAKey.self) gets its preview value instead (the next context in \
        the order test → preview → live), so the program goes on, with values that may not be the \
        ones you expect.
        """))
  }

  @Test func aCycleIsReportedThroughTheExpectedIssueHelper() {
    withExpectedIssue {
      withFreshDependencies { $0.context = .test } operation: {
        #expect(DependencyValues.current.testCycleA == 112)
      }
    } matching: { issue in
      issue.message.hasPrefix("Dependency cycle: @Dependency(\\.testCycleA) → @Dependency(TestCycleBKey.self)")
    }
  }

  @Test func aFallbackValueThatCyclesTooMovesOnToTheNextContextWithoutASecondReport() {
    let collector = IssueCollector()
    let value = withIssueReporters([collector]) {
      withFreshDependencies { $0.context = .test } operation: { DependencyValues.current.previewCycleA }
    }
    // A(test) reads B(test), which reads A: A(preview) reads B(test) again, a cycle on B, whose
    // preview value is its test value (a TestDependencyKey): B(preview) reads A, whose preview
    // value is being built on this chain, so A(live) = 7 answers.
    // B(preview) = 7 + 100, A(preview) = 107 + 1_000, B(test) = 1_107 + 100, A(test) = 1_207 + 10.
    #expect(value == 1_217)
    #expect(collector.issues.count == 1)
    #expect(
      collector.issues.first?.message.hasPrefix(
        "Dependency cycle: @Dependency(\\.previewCycleA) → @Dependency(PreviewCycleBKey.self) → @Dependency(\\.previewCycleA).")
        == true)
  }

  @Test func aCycleInEveryContextStopsTheProcessAndSaysSo() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withIssueReporters([.runtimeWarning]) {
        _ = withFreshDependencies { $0.context = .test } operation: { DependencyValues.current.cycleA }
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Dependency cycle: @Dependency(\\.cycleA) → @Dependency(CycleBKey.self) → @Dependency(\\.cycleA)."))
    #expect(
      output.contains(
        "Its test, preview, live values all need @Dependency(\\.cycleA) itself and no context comes after live"))
  }

  @Test func aCycleIsReportedInsteadOfHanging() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      // The report goes to standard error, where the parent process can read it.
      withIssueReporters([.runtimeWarning]) {
        _ = withFreshDependencies { $0.context = .live } operation: { DependencyValues.current.cycleA }
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    // Once as the reported issue, once as the message the process stops with.
    #expect(output.components(separatedBy: "Dependency cycle:").count - 1 == 2)
    #expect(output.contains("Dependency cycle: @Dependency(\\.cycleA) → @Dependency(CycleBKey.self) → @Dependency(\\.cycleA)"))
  }

  @Test func aCycleAcrossTwoThreadsIsReportedInsteadOfDeadlocking() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withIssueReporters([.runtimeWarning]) {
        withFreshDependencies { $0.context = .live } operation: {
          withEscapedDependencies { continuation in
            let other = Thread {
              // A thread inherits no task-locals: report to standard error here too.
              withIssueReporters([.runtimeWarning]) {
                continuation.yield { _ = DependencyValues.current[CrossCycleBKey.self] }
              }
            }
            other.start()
            _ = DependencyValues.current[CrossCycleAKey.self]
          }
        }
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Its builds run on different threads, each waiting for the other"))
    // Either thread may be the one that finds it.
    #expect(
      output.contains(
        "Dependency cycle: @Dependency(CrossCycleAKey.self) → @Dependency(CrossCycleBKey.self) → @Dependency(CrossCycleAKey.self)")
        || output.contains(
          "Dependency cycle: @Dependency(CrossCycleBKey.self) → @Dependency(CrossCycleAKey.self) → @Dependency(CrossCycleBKey.self)"))
  }

  @Test func aWaitTheGraphCannotSeeIsReportedAfterAPatience() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      setDependencyBuildPatience(.milliseconds(100))
      withIssueReporters([.runtimeWarning]) {
        withFreshDependencies { $0.context = .live } operation: {
          _ = DependencyValues.current[SelfOnAnotherThreadKey.self]
        }
      }
      SelfOnAnotherThreadKey.otherThreadDone.wait()
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Waited 0.1 seconds for the default value of @Dependency(SelfOnAnotherThreadKey.self)"))
  }
}
