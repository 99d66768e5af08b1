import HarnessIssues
import Synchronization

/// Builds a key's default value for a context: `liveValue`, `testValue` or `previewValue`,
/// reporting a value the key does not have.
@usableFromInline
enum DefaultValueFactory {
  /// A built value, and whether the cache may keep it.
  @usableFromInline
  struct Made<Value> {
    @usableFromInline var value: Value
    /// `false` for a value missing from the context that was read while the dependency was
    /// being overridden (`$0.x.y = …` in `withDependencies`): reporting it then would be wrong,
    /// keeping it would hide the report from a later plain read.
    var isCacheable = true
    /// For a kept value missing from the live context, read while being overridden: the first
    /// plain read reports it (see ``ValueSlot/markUsed(by:)``).
    var reportsLater = false
  }

  @usableFromInline
  static func make<Key: TestDependencyKey>(
    _ key: Key.Type,
    context: DependencyContext,
    read: DependencyRead,
    isUpdating: Bool,
    usage: DependencyUsageRecorder? = nil
  ) -> Made<Key.Value> {
    switch context {
    case .live:
      if let value = liveValue(of: key) {
        if !isUpdating { usage?.noteLive(read.name) }
        return Made(value: value)
      }
      // Read while being overridden: nothing to report yet. Kept, so that what the override
      // changes in it stays (`$0.client.setCount(42)`, then `$0.client.count()`, as in a test),
      // and reported by the first plain read; not kept if the key asked whether to report (its
      // endpoints were made not to), so that a plain read makes it again and reports.
      if isUpdating {
        let made = OverrideRead.making(forUpdate: true) { Key.testValue }
        return Made(value: made.value, isCacheable: !made.asked, reportsLater: !made.asked)
      }
      reportIssue(MissingValueMessage(kind: .liveValue, read: read).text, at: read)
      return Made(value: Key.testValue)
    case .preview:
      let made = OverrideRead.making(forUpdate: isUpdating) { Key.previewValue }
      return Made(value: made.value, isCacheable: !made.asked)
    case .test:
      let probe = MissingTestValueProbe()
      // Unimplemented endpoints made here report their use at the `@Dependency` property read.
      let readSite = read.access.map {
        UnimplementedReadSite(
          location: $0.site.location, test: TestContext.current, override: read.name.overriddenValue)
      }
      let (value, asked) = UnimplementedReadSite.$current.withValue(readSite) {
        MissingTestValueProbe.$current.withValue(probe) {
          OverrideRead.making(forUpdate: isUpdating) { Key.testValue }
        }
      }
      // A value made for an override that left its report out is not kept: a plain read reports.
      guard probe.wasUsed else { return Made(value: value, isCacheable: !asked) }
      if isUpdating { return Made(value: value, isCacheable: false) }
      if probe.hasNoPreviewValue { usage?.noteLive(read.name) }
      let kind: MissingValueMessage.Kind =
        probe.hasNoPreviewValue ? .testValue : .testValueFromPreview
      reportIssue(MissingValueMessage(kind: kind, read: read).text, at: read)
      return Made(value: value)
    }
  }

  /// `Key.liveValue` when `Key` is a ``DependencyKey``.
  private static func liveValue<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value? {
    guard let liveKey = key as? any DependencyKey.Type else { return nil }
    return liveKey.erasedLiveValue as? Key.Value
  }

  static func reportIssue(_ message: String, at read: DependencyRead) {
    let location = read.issueLocation
    HarnessIssues.reportIssue(ReportedIssue(message: message, location: location))
  }
}

extension DependencyKey {
  /// `liveValue`, reachable from an existential metatype.
  fileprivate static var erasedLiveValue: any Sendable { liveValue }
}

/// Tells the cache that the `testValue` it asked for is the default one of ``DependencyKey``,
/// i.e. the key has no test value of its own.
final class MissingTestValueProbe: Sendable {
  @TaskLocal static var current: MissingTestValueProbe?

  private let used = Atomic<Bool>(false)
  private let previewMissing = Atomic<Bool>(false)

  func markUsed() { used.store(true, ordering: .relaxed) }

  /// Notes that the key has no preview value of its own either: the test got the live value.
  func markPreviewValueMissing() { previewMissing.store(true, ordering: .relaxed) }

  var wasUsed: Bool { used.load(ordering: .relaxed) }

  var hasNoPreviewValue: Bool { previewMissing.load(ordering: .relaxed) }
}
