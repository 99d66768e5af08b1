import HarnessIssues

/// Where the sleep that is starting was asked for, when a caller knows: ``_Concurrency/Clock/timer(interval:tolerance:fileID:filePath:line:column:)->ClockTimer<Self>``
/// and the `sleep(for:)` of Harness's clocks say so, since `Clock.sleep(until:tolerance:)`
/// itself cannot take a location.
enum SleepCallSite {
  @TaskLocal static var current: SourceCodeLocation?
}

/// Sleeps on `clock` for `duration` after `start`, telling the clock where the sleep was called:
/// the shared body of the `sleep(for:)` that Harness's clocks add to `Clock`'s.
func sleepRecordingCallSite<SleepingClock: Clock>(
  on clock: SleepingClock,
  for duration: SleepingClock.Duration,
  from start: SleepingClock.Instant,
  tolerance: SleepingClock.Duration?,
  calledAt location: SourceCodeLocation
) async throws {
  try await SleepCallSite.$current.withValue(location) {
    try await clock.sleep(until: start.advanced(by: duration), tolerance: tolerance)
  }
}
