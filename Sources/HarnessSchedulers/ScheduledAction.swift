#if Schedulers
/// A scheduled action, which Combine's `Scheduler` protocol hands over as a non-`Sendable`
/// closure. The schedulers guard every access to it with their lock and run it outside.
struct ScheduledAction: @unchecked Sendable {
  let run: () -> Void
}
#endif
