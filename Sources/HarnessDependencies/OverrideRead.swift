import Synchronization

/// Marks the making of a key's default value that only an override reads
/// (`$0.client.endpoint = …` in `withDependencies`, `prepareDependencies`): then
/// ``TestDependencyKey/shouldReportUnimplemented`` is `false`, and a value whose key asked is not
/// kept, so that the first plain read makes it again and its report shows.
final class OverrideRead: Sendable {
  @TaskLocal static var current: OverrideRead?

  private let asked = Atomic<Bool>(false)

  /// Notes that the key being made asked whether to report.
  func noteAsked() { asked.store(true, ordering: .relaxed) }

  /// `make()`, made for an override when `isUpdating`; and whether the key asked whether to
  /// report (then the value must not be kept).
  static func making<Value>(forUpdate isUpdating: Bool, _ make: () -> Value) -> (value: Value, asked: Bool) {
    guard isUpdating else { return (make(), false) }
    let read = OverrideRead()
    let value = $current.withValue(read) { make() }
    return (value, read.asked.load(ordering: .relaxed))
  }
}
