#if Schedulers
import HarnessIssues

// The spellings users of combine-schedulers know: `DispatchQueue.test`, `.immediate`,
// `.unimplemented("mainQueue")`, on the three schedulers Foundation provides, and on their
// type-erased forms (`AnySchedulerOf<DispatchQueue>.main`, `.immediate`, …).

/// A scheduler type whose test, immediate and unimplemented schedulers start at a fixed time:
/// `DispatchQueue`, `RunLoop` and `OperationQueue` conform, and get `.test`, `.immediate` and
/// `.unimplemented(_:)`.
public protocol SchedulerWithTestStart: Scheduler {
  /// Where this type's test, immediate and unimplemented schedulers start their time.
  static var testStart: SchedulerTimeType { get }
}

/// A static property cannot know its caller's line: messages name the spelling instead.
private let spellingLocation = SourceCodeLocation()

/// `RunLoop`, not `NSRunLoop` as Apple's Foundation names the class.
private func spellingName(of type: Any.Type) -> String {
  switch type {
  case is DispatchQueue.Type: "DispatchQueue"
  case is RunLoop.Type: "RunLoop"
  case is OperationQueue.Type: "OperationQueue"
  default: "\(type)"
  }
}

extension SchedulerWithTestStart {
  /// A ``TestScheduler`` with this type's time: time moves only when the test advances it.
  public static var test: TestSchedulerOf<Self> {
    TestScheduler(now: testStart, spelling: "\(spellingName(of: Self.self)).test", createdAt: spellingLocation)
  }

  /// An ``ImmediateScheduler`` with this type's time: actions run at once.
  public static var immediate: ImmediateSchedulerOf<Self> { ImmediateScheduler(now: testStart) }

  /// An ``UnimplementedScheduler`` named after this type.
  public static var unimplemented: UnimplementedSchedulerOf<Self> { unimplemented(spellingName(of: Self.self)) }

  /// An ``UnimplementedScheduler`` named `name` in its reports.
  public static func unimplemented(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> UnimplementedSchedulerOf<Self> {
    UnimplementedScheduler(name, now: testStart, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension DispatchQueue: SchedulerWithTestStart {
  // `DispatchTime(uptimeNanoseconds: 0)` reads as "now" (the real time): start one past it.
  public static var testStart: SchedulerTimeType { .init(DispatchTime(uptimeNanoseconds: 1)) }
}

extension RunLoop: SchedulerWithTestStart {
  public static var testStart: SchedulerTimeType { .init(Date(timeIntervalSince1970: 0)) }
}

extension OperationQueue: SchedulerWithTestStart {
  public static var testStart: SchedulerTimeType { .init(Date(timeIntervalSince1970: 0)) }
}

extension AnySchedulerOf<DispatchQueue> {
  /// `DispatchQueue.main`, erased.
  public static var main: Self { DispatchQueue.main.eraseToAnyScheduler() }
  /// `DispatchQueue.immediate`, erased.
  public static var immediate: Self { DispatchQueue.immediate.eraseToAnyScheduler() }
  /// `DispatchQueue.unimplemented(name)`, erased.
  public static func unimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    DispatchQueue.unimplemented(name, fileID: fileID, filePath: filePath, line: line, column: column)
      .eraseToAnyScheduler()
  }
}

extension AnySchedulerOf<RunLoop> {
  /// `RunLoop.main`, erased.
  public static var main: Self { RunLoop.main.eraseToAnyScheduler() }
  /// `RunLoop.immediate`, erased.
  public static var immediate: Self { RunLoop.immediate.eraseToAnyScheduler() }
  /// `RunLoop.unimplemented(name)`, erased.
  public static func unimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    RunLoop.unimplemented(name, fileID: fileID, filePath: filePath, line: line, column: column).eraseToAnyScheduler()
  }
}

extension AnySchedulerOf<OperationQueue> {
  /// `OperationQueue.main`, erased.
  public static var main: Self { OperationQueue.main.eraseToAnyScheduler() }
  /// `OperationQueue.immediate`, erased.
  public static var immediate: Self { OperationQueue.immediate.eraseToAnyScheduler() }
  /// `OperationQueue.unimplemented(name)`, erased.
  public static func unimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    OperationQueue.unimplemented(name, fileID: fileID, filePath: filePath, line: line, column: column)
      .eraseToAnyScheduler()
  }
}
#endif
