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

  @Test func eachKindOfUseIsReportedOnce() {
    let scheduler = AnySchedulerOf<RunLoop>.unimplemented("mainRunLoop")
    let messages = LockIsolated<[String]>([])
    withExpectedIssue {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.debounce(for: .seconds(1), scheduler: scheduler).sink { _ in }
      subject.send(1)
      subject.send(2)
      scheduler.schedule {}
      scheduler.schedule {}
      _ = cancellable
    } matching: { issue in
      messages.withValue { $0.append(issue.message.components(separatedBy: " — ")[0]) }
      return issue.message.hasPrefix("Unimplemented: mainRunLoop.")
    }
    #expect(messages.value.contains("Unimplemented: mainRunLoop.now"))
    #expect(messages.value.contains("Unimplemented: mainRunLoop.schedule(_:)"))
    #expect(messages.value.contains { $0.hasPrefix("Unimplemented: mainRunLoop.schedule(after:") })
    #expect(messages.value.count == Set(messages.value).count)
  }

  @Test func theMainQueueDependencyIsUnimplementedInTests() {
    @Dependency(\.mainQueue) var mainQueue
    withExpectedIssue {
      mainQueue.schedule {}
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: mainQueue.schedule(_:)")
    }
  }

  @Test func theMainRunLoopDependencyIsUnimplementedInTests() {
    @Dependency(\.mainRunLoop) var mainRunLoop
    withExpectedIssue {
      _ = mainRunLoop.now
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: mainRunLoop.now — an unimplemented scheduler was asked the current time")
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
