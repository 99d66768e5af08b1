import HarnessIssues
import HarnessRuntime

/// A Harness object bound to the world of the test that uses it (a test clock, a `TestWork`).
protocol WorldBound: AnyObject {
  var worldBinding: WorldBinding { get }
}

/// The link between a test clock (or a `TestWork`) and the world of the test that uses it.
///
/// Created inside a task, it joins the world of the code creating it (or begins one whose first
/// task is the current one), so that the tasks the test starts next are the world's. Created
/// outside any task (an `XCTestCase` property, a `static`), it binds at its first use from a
/// task. A use from another test than the one it is bound to is reported, and the binding moves
/// to that test's world: a clock follows one test's work.
final class WorldBinding: @unchecked Sendable {
  private struct State {
    var world: World?
    /// Tests told already that they use another test's clock.
    var warnedTests: Set<String> = []
  }

  private let state = Locked(State())
  /// What is bound, for messages: `TestClock<Duration> created at …`.
  private let owner: @Sendable () -> String
  private let creation: SourceCodeLocation

  init(owner: @escaping @Sendable () -> String, createdAt creation: SourceCodeLocation) {
    self.owner = owner
    self.creation = creation
    if TaskIdentity.currentTaskID() != 0 || World.onCurrentThread != nil {
      state.withLock { $0.world = Engine.process.joinWorld(at: creation) }
    }
  }

  deinit {
    guard let world = state.withLock({ $0.world }) else { return }
    for problem in Engine.process.leaveWorld(world) {
      reportIssue(problem.issue(TestClockMessages.settleProblem(problem, clock: owner(), operation: "the test's work"), at: creation))
    }
  }

  /// The world bound now, if any.
  var boundWorld: World? { state.withLock { $0.world } }

  /// Binds to `world`, the world of a test that begins, unless bound to a live world already:
  /// for objects made before the test (an `XCTestCase`'s stored properties).
  func bind(to world: World) {
    let joined = state.withLock { state -> Bool in
      if let bound = state.world, bound.isOpen { return false }
      state.world = world
      return true
    }
    if joined { Engine.process.addBinding(to: world) }
  }

  /// The bindings of the Harness objects that `object` holds (a test case's stored properties),
  /// looked for `depth` levels down (a test store holds its `TestWork`).
  static func bindings(heldBy object: AnyObject, depth: Int = 2) -> [WorldBinding] {
    var found: [WorldBinding] = []
    var visited: Set<ObjectIdentifier> = [ObjectIdentifier(object)]
    func visit(_ value: Any, depth: Int) {
      if let bound = value as? any WorldBound {
        found.append(bound.worldBinding)
        return
      }
      guard depth > 0 else { return }
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .class?:
        guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
      case .struct?, .optional?, .tuple?, .enum?:
        break
      default:
        // Collections, and values that hold nothing: not where a test keeps its clock.
        return
      }
      for child in mirror.children { visit(child.value, depth: depth - 1) }
    }
    // The test case's own class and its superclasses (a base class holding a clock), not
    // deeper than the test framework's.
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror, !(String(reflecting: current.subjectType).hasPrefix("XCTest.")) {
      for child in current.children { visit(child.value, depth: depth) }
      mirror = current.superclassMirror
    }
    return found
  }

  /// The world for a sleep: the bound one, or, for a binding made outside any task (or whose
  /// test has ended), the world of the sleeping code.
  func worldForSleep() -> World {
    if let world = state.withLock({ $0.world }), world.isOpen { return world }
    return rebind()
  }

  /// The world for an advance, a run or a settle, checking that the calling test is the one
  /// the binding belongs to.
  func worldForUse(at location: SourceCodeLocation) -> World {
    let testID = TestContext.current?.id
    let bound = state.withLock { $0.world }
    guard let bound, bound.isOpen else { return rebind() }
    guard let testID, let boundTest = bound.testID, testID != boundTest else { return bound }
    let isFirstWarning = state.withLock { $0.warnedTests.insert(testID).inserted }
    if isFirstWarning {
      reportIssue(
        ReportedIssue(
          message: TestClockMessages.usedByAnotherTest(clock: owner(), firstTest: boundTest, thisTest: testID),
          location: location
        )
      )
    }
    return rebind()
  }

  /// Binds to the world of the code using the object now.
  private func rebind() -> World {
    let world = Engine.process.joinWorld(at: creation)
    let previous = state.withLock { state in
      defer { state.world = world }
      return state.world
    }
    if let previous { _ = Engine.process.leaveWorld(previous) }
    return world
  }
}
