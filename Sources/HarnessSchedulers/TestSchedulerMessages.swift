#if Schedulers
/// The texts of the issues a `TestScheduler` reports, in one place.
enum TestSchedulerMessages {
  static func tooManyActions(scheduler: String, operation: String, ran: Int, now: String, pending: [String]) -> String {
    var text = """
      \(operation) ran \(ran) actions and more keep coming: a repeating schedule (a timer) or an \
      action that schedules itself again never runs out. \(scheduler) stopped at \(now) with \
      \(pending.count) pending action\(pending.count == 1 ? "" : "s"):
      """
    for due in pending.prefix(10) { text += "\n  due at \(due)" }
    if pending.count > 10 { text += "\n  … and \(pending.count - 10) more" }
    text += """

      Cancel that work before run(), pass a larger run(maxActions:), or move time by a bounded \
      amount with advance(by:).
      """
    return text
  }

  static func stuckAtOneInstant(scheduler: String, operation: String, ran: Int, now: String) -> String {
    """
    \(operation) ran \(ran) actions at \(now) without time moving: an action keeps scheduling work \
    with no delay, or a repeating schedule has an interval of zero. \(scheduler) stopped there; \
    make time move between those actions.
    """
  }

  static func backwards(scheduler: String, operation: String, now: String, requested: String) -> String {
    """
    \(operation) would move time backwards: \(scheduler) is at \(now), before the requested \
    \(requested). Time stays where it is; advance to a later instant.
    """
  }
}
#endif
