import Foundation
import HarnessIssues

// Worlds begin and end with their tests; Harness objects bind to them.
extension Engine {
  /// Runs `body`, a test's body, in a world of its own (a Swift Testing test in a Harness trait's
  /// scope): the body runs with the world's token bound and the world as its task executor
  /// preference, so every task it creates is the world's. When it returns, the world's work
  /// settles, the tasks still suspended are reported as a warning, and the world ends. Inside a
  /// world already (an explored iteration, a nested scope), `body` runs in that world.
  package func runTest<R>(
    isolation: isolated (any Actor)? = #isolation,
    at location: SourceCodeLocation? = nil,
    reporting report: ([SettleProblem]) -> Void,
    _ body: () async throws -> R
  ) async rethrows -> R {
    RuntimeInterception.install()
    guard TaskIdentity.currentTaskID() != 0, Engine.contextWorldOfTask() == nil else { return try await body() }
    let world = beginWorld(test: TestContext.current, scoped: true, at: location)
    world.addCurrentTask(asRoot: true)
    let token = WorldToken(world: world)
    defer { end(world) }
    let result = try await WorldToken.$current.withValue(token) {
      try await withTaskExecutorPreference(world) {
        try await body()
      }
    }
    report(await world.finishTest())
    return result
  }

  /// Runs `body` (synchronous: an XCTest `invokeTest`) in a world of its own: the tasks it
  /// creates, XCTest's task for an async test method and its async `setUp` and `tearDown`
  /// included, are the world's; so are those created from the main thread outside any task until
  /// the world ends (run loop callbacks of the test). The Harness objects `bindings` returns
  /// (a test case's stored clocks) are bound to it first.
  package func runTest<R>(
    named testID: String,
    patience: Patience,
    binding bindings: (World) -> Void,
    _ body: () throws -> R
  ) rethrows -> R {
    let world = beginMainThreadTest(testID)
    world.setPatience(deadlock: patience.deadlock, job: patience.job)
    bindings(world)
    return try WorldToken.$current.withValue(WorldToken(world: world)) {
      try body()
    }
  }

  /// Begins a world for `test`. `scoped`: the test's scope ends it; otherwise the last Harness
  /// object bound to it does.
  func beginWorld(test: TestContext?, scoped: Bool, at location: SourceCodeLocation?) -> World {
    RuntimeInterception.install()
    let world = World(engine: self, test: test)
    world.isScoped = scoped
    world.scopeLocation = location
    if let patience = Patience.current { world.patience = patience }
    registry.lock()
    add(world)
    registry.unlock()
    return world
  }

  /// Begins the world of an XCTest test that runs now, before any of its code runs, and returns
  /// it (the same world for a second call during the test): XCTest runs one test at a time, on the
  /// main thread.
  package func beginMainThreadTest(_ testID: String) -> World {
    if let world = mainThreadWorld, world.testID == testID, world.isOpen { return world }
    let world = beginWorld(test: .xcTest(id: testID), scoped: true, at: nil)
    mainThreadWorld = world
    return world
  }

  /// Ends the worlds of an XCTest test that has ended: the tasks still suspended are reported as a
  /// warning to it, and the clocks its test case keeps bind afresh if used again.
  package func testEnded(_ testID: String) {
    registry.lock()
    let ending = worlds.filter { $0.testID == testID && $0.isScoped }
    registry.unlock()
    if mainThreadWorld?.testID == testID { mainThreadWorld = nil }
    for world in ending {
      world.lock.lock()
      // The test's last jobs (XCTest's task for it finishing) may still run: the report is made
      // once they have, or not at all.
      world.waitForIdle(upTo: .seconds(1))
      let report = world.leakReport()
      world.lock.unlock()
      if let report {
        reportIssue(ReportedIssue(message: report, severity: .warning, location: world.scopeLocation ?? .unknownLocation))
      }
      end(world)
    }
  }

  /// The world the calling code's Harness object joins: the world of the code running now, else
  /// a world of its own whose first member is the current task (a `TestClock()` made in a plain
  /// `@Test`: the tasks the test creates from now on are the world's). One more object is bound
  /// to it.
  package func joinWorld(at location: SourceCodeLocation?) -> World {
    let world: World
    if let current = Engine.contextWorld() {
      world = current
    } else {
      world = beginWorld(test: TestContext.current, scoped: false, at: location)
      world.addCurrentTask(asRoot: true)
    }
    registry.lock()
    world.bindings += 1
    registry.unlock()
    return world
  }

  /// Notes one more Harness object bound to `world`.
  package func addBinding(to world: World) {
    registry.lock()
    world.bindings += 1
    registry.unlock()
  }

  /// Called when a Harness object bound to `world` goes away: the last one ends a world that no
  /// scope owns. Returns the problems no settle has reported yet, for the caller to report.
  package func leaveWorld(_ world: World) -> [SettleProblem] {
    registry.lock()
    world.bindings -= 1
    let ends = world.bindings == 0 && !world.isScoped
    registry.unlock()
    world.lock.lock()
    let problems = ends ? world.unreportedProblems : []
    if ends { world.unreportedProblems = [] }
    world.lock.unlock()
    if ends { end(world) }
    return problems
  }

  /// Ends `world`: its tasks are no longer its own, and their late jobs run where they would
  /// have without Harness.
  func end(_ world: World) {
    registry.lock()
    remove(world, keepingRouting: false)
    registry.unlock()
    Engine.withdrawInvitations(of: world)
    world.lock.lock()
    defer { world.lock.unlock() }
    guard world.phase == .open else { return }
    world.phase = .ended
    world.close()
  }
}

extension World {
  /// Waits, up to `timeout`, until no job of the world is ready or running. Lock held (let go
  /// meanwhile). Not for a caller the world's jobs may wait for: a main-actor job in flight waits
  /// for the main queue.
  func waitForIdle(upTo timeout: Duration) {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !(activity.isIdle && ready.isEmpty), ContinuousClock.now < deadline {
      // A main-actor job would wait for this thread, if it is the main one: give up.
      if case .running(_, _, true) = activity { return }
      if Thread.isMainThread, ready.containsMainActorJob { return }
      becameIdle.wait(lock, until: deadline)
    }
  }

  /// The end of a scoped test's body: its work settles, and what is still suspended is reported
  /// as a warning. Returns the problems found that no settle reported (a blocked job, say), for
  /// the caller to report.
  func finishTest() async -> [SettleProblem] {
    var problems: [SettleProblem] = []
    if !hasNothingToSettle() {
      // What a settle could not see is in the list of tasks left suspended, below.
      problems = await settle(.settleOnly()).filter { !$0.isWarning }
    }
    reportLeaks()
    return problems
  }

  /// Sets how long the world waits before it reports a deadlock, and a job blocking it.
  package func setPatience(deadlock: Duration?, job: Duration?) {
    lock.lock()
    if let deadlock { patience.deadlock = deadlock }
    if let job { patience.job = job }
    lock.unlock()
    engine.watchdog.wake()
  }

  private func reportLeaks() {
    lock.lock()
    let report = leakReport()
    lock.unlock()
    if let report {
      reportIssue(ReportedIssue(message: report, severity: .warning, location: scopeLocation ?? .unknownLocation))
    }
  }

  /// What ending a world does to its executor: the tasks of an ended world leave the registry,
  /// and the jobs still queued run where they would have; an abandoned run's tasks stay, so that
  /// their jobs keep coming here to be dropped. Lock held; the phase set already.
  func close() {
    if phase == .ended {
      for task in members.tasks { engine.tasks.remove(task, of: self) }
      spillReadyJobs()
    } else {
      while ready.next() != nil {}
    }
    members.removeAll()
    // The requests still waiting end now (their caller's world is gone).
    while !requests.isEmpty { complete(with: nil) }
    if threadIsWaiting { wakeThread.signal() }
  }
}

extension SourceCodeLocation {
  /// No place in the test's code.
  static let unknownLocation = SourceCodeLocation(fileID: "", filePath: "", line: 0, column: 0)
}
