import Synchronization

/// Where the code `@DependencyClient` generates notes that an endpoint was called, for the
/// dependency usage report (`.dependencyUsage`).
///
/// While no usage-tracked test runs, noting a call costs one relaxed atomic load.
public enum EndpointCalls {
  /// How many observers are installed (usage-tracked scopes running).
  @usableFromInline static let observing = Atomic<Int>(0)

  private static let observer = Locked<(@Sendable (Any.Type, StaticString) -> Void)?>(nil)

  /// Notes that `endpoint` of the client type `client` was called.
  @inlinable
  public static func record(_ client: Any.Type, _ endpoint: StaticString) {
    guard observing.load(ordering: .relaxed) != 0 else { return }
    deliver(client, endpoint)
  }

  @usableFromInline
  static func deliver(_ client: Any.Type, _ endpoint: StaticString) {
    observer.withLock { $0 }?(client, endpoint)
  }

  /// Sends calls to `observe` until the matching ``stopObserving()`` (the observer is installed
  /// once; later ones are ignored).
  package static func startObserving(_ observe: @escaping @Sendable (Any.Type, StaticString) -> Void) {
    observer.withLock { if $0 == nil { $0 = observe } }
    observing.add(1, ordering: .relaxed)
  }

  package static func stopObserving() {
    observing.subtract(1, ordering: .relaxed)
  }
}
