#if Schedulers
import HarnessDependencies
import HarnessIssues
import HarnessSchedulers
import HarnessTesting
import Testing

@Suite struct UnimplementedSchedulerTests {
  @Test func aTimerIsReportedNamingTheSchedulerAndTheCall() {
    let scheduler = DispatchQueue.unimplemented("mainQueue")
    var ticks = 0
    withExpectedIssue {
      _ = scheduler.schedule(after: DispatchQueue.immediate.now, interval: .seconds(1)) { ticks += 1 }
    } matching: { issue in
      issue.message.hasPrefix(
        "Unimplemented: mainQueue.schedule(after:interval:) — an unimplemented scheduler scheduled an action to run on a timer."
      )
        && issue.message.contains("`$0.mainQueue = scheduler.eraseToAnyScheduler()`")
        && issue.location.fileID == "HarnessSchedulersTests/UnimplementedSchedulerTests.swift"
    }
    #expect(ticks == 1)   // then it behaves like an immediate scheduler
  }

  @Test func onlyTheFirstUseIsReported() {
    let scheduler = AnySchedulerOf<RunLoop>.unimplemented("mainRunLoop")
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.debounce(for: .seconds(1), scheduler: scheduler).sink { _ in }
      subject.send(1)
      subject.send(2)
      scheduler.schedule {}
      scheduler.schedule {}
      _ = cancellable
    }
    #expect(collector.issues.count == 1)
    #expect(collector.issues.first?.message.hasPrefix("Unimplemented: mainRunLoop.") == true)
    #expect(collector.issues.first?.message.hasSuffix("Later uses of this scheduler are not reported again.") == true)
  }

  /// One forgotten `mainQueue` under a `debounce` (which asks the time, then schedules): one
  /// issue, at the user's `@Dependency` property, not inside Harness or OpenCombine.
  @Test func theMainQueueDependencyIsReportedOnceAtTheDependencyProperty() {
    let line = #line + 1
    @Dependency(\.mainQueue) var mainQueue
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.debounce(for: .seconds(1), scheduler: mainQueue).sink { _ in }
      subject.send(1)
      subject.send(2)
      mainQueue.schedule {}
      _ = cancellable
    }
    #expect(collector.issues.count == 1)
    let issue = collector.issues.first
    #expect(issue?.message.hasPrefix("Unimplemented: mainQueue.") == true)
    #expect(issue?.location.fileID == "HarnessSchedulersTests/UnimplementedSchedulerTests.swift")
    #expect(issue?.location.line == UInt(line))
  }

  @Test func theMainRunLoopDependencyIsUnimplementedInTests() {
    let line = #line + 1
    @Dependency(\.mainRunLoop) var mainRunLoop
    withExpectedIssue {
      _ = mainRunLoop.now
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: mainRunLoop.now — an unimplemented scheduler was asked the current time")
        && issue.location.line == UInt(line)
    }
  }

  @Test func previewsGetImmediateSchedulers() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.mainQueue) var mainQueue
      var ran = false
      mainQueue.schedule(after: mainQueue.now.advanced(by: .seconds(5))) { ran = true }
      #expect(ran)
    }
  }
}
#endif
