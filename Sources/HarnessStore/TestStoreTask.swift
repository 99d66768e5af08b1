import HarnessIssues

/// A test store of the feature `R`: `TestStoreOf<Counter>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

/// The effects started by one `TestStore.send`, and by the actions it led to (its `.send`s, the
/// actions its effects sent, and theirs): cancel them, or wait for them to finish.
///
/// <!-- fragment: store is a TestStore whose onAppear starts a long-living effect -->
/// ```swift
/// let task = await store.send(.onAppear)   // starts a long-living stream
/// await task.cancel()                      // as the view disappearing would
/// ```
public struct TestStoreTask: Hashable, Sendable {
  /// The effects the sent action itself started.
  let tasks: [Task<Void, Never>]
  let lineage: SendLineage
  let store: any TestStoreWork

  @usableFromInline
  init(tasks: [Task<Void, Never>], lineage: SendLineage, store: any TestStoreWork) {
    self.tasks = tasks
    self.lineage = lineage
    self.store = store
  }

  /// The send's effects still running: the action's own and those of the actions it led to.
  private var running: [Task<Void, Never>] { tasks + store.effectTasks(of: lineage) }

  /// Cancels the effects and lets their cancellation run (handlers, `catch` blocks) before
  /// returning.
  public func cancel(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    store.cancelEffects(of: lineage)
    for task in tasks { task.cancel() }
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await store.waitForTasks(running, timeout: nil, at: location)
  }

  /// Waits for the effects to finish, up to `timeout` (the store's by default); fails the test
  /// if one is still running then.
  public func finish(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    var waiting = running
    // Effects of the actions the send led to may start while it waits: it looks again after each
    // wait. Bounded: a lineage that keeps starting effects that end at once is reported as still
    // running rather than waited for forever.
    for _ in 0...Self.maxFinishRounds {
      guard await store.waitForTasks(waiting, timeout: timeout, at: location) else { break }
      waiting = store.effectTasks(of: lineage)
      if waiting.isEmpty { return }
    }
    reportIssue(
      ReportedIssue(
        message: """
          Expected the effects of this send to finish, but they are still running.

          If they wait on a TestClock, advance it first; if they wait on real work, pass a \
          longer `timeout:`.
          """,
        location: location
      )
    )
  }

  /// Waits of ``finish(timeout:isolation:fileID:filePath:line:column:)`` for effects that
  /// started while it waited, before it gives up.
  static let maxFinishRounds = 1_000

  /// Whether every effect of the send was cancelled.
  public var isCancelled: Bool { running.allSatisfy(\.isCancelled) }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.tasks == rhs.tasks }
  public func hash(into hasher: inout Hasher) { hasher.combine(tasks) }
}

/// What a ``TestStoreTask`` needs of its store, whatever its state and action types.
@usableFromInline
protocol TestStoreWork: Sendable {
  /// Settles the test's work and waits (up to `timeout`, unless nothing can end them) for
  /// `tasks` to end; whether they all did.
  @discardableResult
  func waitForTasks(_ tasks: [Task<Void, Never>], timeout: Duration?, at location: SourceCodeLocation) async -> Bool
  /// The tasks of the running effects of `lineage`.
  func effectTasks(of lineage: SendLineage) -> [Task<Void, Never>]
  /// Cancels the running effects of `lineage`, and those that start later.
  func cancelEffects(of lineage: SendLineage)
}

/// How to name a case in messages when only its constructor is known.
enum CaseDescription {
  /// "an action of the case .response", when a payload can be made to build a sample action;
  /// otherwise the payload type names the case.
  static func of<Parent, Child>(_ embedding: ActionEmbedding<Parent, Child>) -> String {
    if let sample = sampleValue(of: Child.self), let name = EnumTag.caseName(of: embedding.embed(sample)) {
      return "an action of the case .\(name)"
    }
    return "an action of the case whose payload is \(Child.self)"
  }

  /// Some value of `type`, when one can be made without knowing the type: plain bit patterns
  /// (numbers, payload-free enums, structs of them), empty collections and strings, nil.
  private static func sampleValue<T>(of type: T.Type) -> T? {
    if let empty = (T.self as? any RangeReplaceableCollection.Type)?.init() as? T { return empty }
    if let none = (T.self as? any ExpressibleByNilLiteral.Type)?.init(nilLiteral: ()) as? T { return none }
    guard _isPOD(T.self), MemoryLayout<T>.size > 0 else {
      return MemoryLayout<T>.size == 0 && _isPOD(T.self) ? unsafeBitCast((), to: T.self) : nil
    }
    // A payload-free enum's zero bit pattern is its first case; other POD types accept any bits.
    return UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
      .initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
      .withMemoryRebound(to: T.self, capacity: 1) { pointer in
        defer { UnsafeMutableRawPointer(pointer).deallocate() }
        return pointer.pointee
      }
  }
}
