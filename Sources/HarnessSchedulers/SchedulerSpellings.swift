import HarnessIssues

// The spellings users of combine-schedulers know: `DispatchQueue.test`, `.immediate`,
// `.unimplemented("mainQueue")`, on the three schedulers Foundation provides, and on their
// type-erased forms (`AnySchedulerOf<DispatchQueue>.main`, `.immediate`, …).

/// Where each scheduler type's test, immediate and unimplemented schedulers start their time.
private enum Start {
  // `DispatchTime(uptimeNanoseconds: 0)` reads as "now" (the real time): start one past it.
  static var dispatch: DispatchQueue.SchedulerTimeType { .init(DispatchTime(uptimeNanoseconds: 1)) }
  static var runLoop: RunLoop.SchedulerTimeType { .init(Date(timeIntervalSince1970: 0)) }
  static var operationQueue: OperationQueue.SchedulerTimeType { .init(Date(timeIntervalSince1970: 0)) }
  /// A static property cannot know its caller's line: messages name the spelling instead.
  static let location = SourceCodeLocation()
}

extension DispatchQueue {
  /// A ``TestScheduler`` with dispatch queues' time: time moves only when the test advances it.
  public static var test: TestSchedulerOf<DispatchQueue> {
    TestScheduler(now: Start.dispatch, spelling: "DispatchQueue.test", createdAt: Start.location)
  }
  /// An ``ImmediateScheduler`` with dispatch queues' time: actions run at once.
  public static var immediate: ImmediateSchedulerOf<DispatchQueue> { ImmediateScheduler(now: Start.dispatch) }
  /// An ``UnimplementedScheduler`` named `DispatchQueue`.
  public static var unimplemented: UnimplementedSchedulerOf<DispatchQueue> { unimplemented("DispatchQueue") }
  /// An ``UnimplementedScheduler`` named `name` in its reports.
  public static func unimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> UnimplementedSchedulerOf<DispatchQueue> {
    UnimplementedScheduler(name, now: Start.dispatch, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension RunLoop {
  /// A ``TestScheduler`` with run loops' time: time moves only when the test advances it.
  public static var test: TestSchedulerOf<RunLoop> {
    TestScheduler(now: Start.runLoop, spelling: "RunLoop.test", createdAt: Start.location)
  }
  /// An ``ImmediateScheduler`` with run loops' time: actions run at once.
  public static var immediate: ImmediateSchedulerOf<RunLoop> { ImmediateScheduler(now: Start.runLoop) }
  /// An ``UnimplementedScheduler`` named `RunLoop`.
  public static var unimplemented: UnimplementedSchedulerOf<RunLoop> { unimplemented("RunLoop") }
  /// An ``UnimplementedScheduler`` named `name` in its reports.
  public static func unimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> UnimplementedSchedulerOf<RunLoop> {
    UnimplementedScheduler(name, now: Start.runLoop, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension OperationQueue {
  /// A ``TestScheduler`` with operation queues' time: time moves only when the test advances it.
  public static var test: TestSchedulerOf<OperationQueue> {
    TestScheduler(now: Start.operationQueue, spelling: "OperationQueue.test", createdAt: Start.location)
  }
  /// An ``ImmediateScheduler`` with operation queues' time: actions run at once.
  public static var immediate: ImmediateSchedulerOf<OperationQueue> { ImmediateScheduler(now: Start.operationQueue) }
  /// An ``UnimplementedScheduler`` named `OperationQueue`.
  public static var unimplemented: UnimplementedSchedulerOf<OperationQueue> { unimplemented("OperationQueue") }
  /// An ``UnimplementedScheduler`` named `name` in its reports.
  public static func unimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> UnimplementedSchedulerOf<OperationQueue> {
    UnimplementedScheduler(
      name, now: Start.operationQueue, fileID: fileID, filePath: filePath, line: line, column: column)
  }
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
