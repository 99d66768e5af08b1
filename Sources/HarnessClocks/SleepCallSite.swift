import HarnessIssues

/// Where the sleep that is starting was asked for, when a caller knows: ``Clock/timer(interval:tolerance:fileID:filePath:line:column:)``
/// and the `sleep(for:)` of Harness's clocks say so, since `Clock.sleep(until:tolerance:)`
/// itself cannot take a location.
enum SleepCallSite {
  @TaskLocal static var current: SourceCodeLocation?
}
