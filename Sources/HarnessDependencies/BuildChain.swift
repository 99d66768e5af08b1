import HarnessIssues
import Synchronization

/// The default values being built by the current task or thread, innermost first.
///
/// A value whose initializer reads a dependency that is already being built on the same chain
/// would wait for itself forever: that is a cycle, reported with the whole chain. A cycle can
/// also close across threads (this thread builds A and waits for B, whose build on another
/// thread waits for A): ``BuildGraph`` finds it before waiting. Either way the read that closes
/// the cycle gets the key's value of the next context in the order test → preview → live
/// (see ``fallback(cycle:acrossThreads:closedBy:_:)``).
struct BuildChain: Sendable {
  struct Link: Sendable {
    /// The cache slot being built, or `nil` for a fallback value (built for one read, never
    /// cached).
    let slot: ValueSlot?
    let key: ObjectIdentifier
    let context: DependencyContext
    let name: String
    /// Where the read that started this build is: a cycle it closes is reported there.
    let site: StaticSourceLocation

    init(slot: ValueSlot?, key: ObjectIdentifier, context: DependencyContext, read: DependencyRead) {
      self.init(
        slot: slot, key: key, context: context, name: read.name.description,
        site: read.access?.site ?? read.site)
    }

    init(
      slot: ValueSlot?, key: ObjectIdentifier, context: DependencyContext, name: String,
      site: StaticSourceLocation
    ) {
      self.slot = slot
      self.key = key
      self.context = context
      self.name = name
      self.site = site
    }
  }

  @TaskLocal static var current: BuildChain?

  let link: Link
  let next: Box?
  /// Who builds: the same for every nested build of one chain.
  let builder: Builder

  /// The rest of the chain (a class, since a struct cannot contain itself).
  final class Box: Sendable {
    let chain: BuildChain
    init(_ chain: BuildChain) { self.chain = chain }
  }

  /// One chain of nested builds, as a node of ``BuildGraph``.
  final class Builder: Sendable {}

  init(link: Link, next: BuildChain?, builder: Builder) {
    self.link = link
    self.next = next.map(Box.init)
    self.builder = builder
  }

  /// Every link of the current chain, innermost first.
  private static var links: [Link] {
    var links: [Link] = []
    var chain = current
    while let current = chain {
      links.append(current.link)
      chain = current.next?.chain
    }
    return links
  }

  /// The links from the innermost build down to the build of `link`'s slot, if that slot is
  /// already being built on this chain.
  static func cycle(closedBy link: Link) -> [Link]? {
    var links: [Link] = []
    var chain = current
    while let current = chain {
      links.append(current.link)
      if let slot = link.slot, current.link.slot === slot { return links }
      chain = current.next?.chain
    }
    return nil
  }

  /// The names of a cycle on this chain, oldest build first, ending with the read closing it.
  static func names(of links: [Link], closedBy link: Link) -> [String] {
    // The last link is the build that the new read closes the cycle on: name it the same way.
    // Fallback values built on the way are not builds of the cycle.
    links.filter { $0.slot != nil }.reversed().map(\.name) + [links.last?.name ?? link.name]
  }

  /// The contexts whose values stand in for a value of `context` that needs itself.
  private static func fallbacks(after context: DependencyContext) -> [DependencyContext] {
    switch context {
    case .test: [.preview, .live]
    case .preview: [.live]
    case .live: []
    }
  }

  /// The value for a read that closes a cycle (`names`, oldest build first) on `link`'s key:
  /// the key's value of the next context (test → preview → live) not already being built on
  /// this chain for that key, built for this read only. The first cycle of a chain is reported;
  /// cycles met while fallback values are built are not reported again. Stops the program only
  /// when every context's value of the key needs itself (the live app would stop too).
  static func fallback<Value>(
    cycle names: [String],
    acrossThreads: Bool,
    closedBy link: Link,
    _ make: (DependencyContext) -> DefaultValueFactory.Made<Value>
  ) -> Value {
    let links = self.links
    let next = fallbacks(after: link.context).first { context in
      !links.contains { $0.key == link.key && $0.context == context }
    }
    guard let next else {
      // Every context from the first one tried for this key, in order.
      let tried = [DependencyContext.test, .preview, .live].filter { context in
        context == link.context || links.contains { $0.key == link.key && $0.context == context }
      }
      stop(cycle: names, acrossThreads: acrossThreads, key: link, contexts: tried)
    }
    // A chain that already builds a fallback value has reported its cycle.
    if !links.contains(where: { $0.slot == nil }) {
      let message = message(cycle: names, acrossThreads: acrossThreads, ending: """
        This read of \(link.name) gets its \(next) value instead (the next context in the order \
        test → preview → live), so the program goes on, with values that may not be the ones \
        you expect.
        """)
      reportIssue(ReportedIssue(message: message, location: link.site.location))
    }
    let fallback = Link(slot: nil, key: link.key, context: next, name: link.name, site: link.site)
    let chain = BuildChain(link: fallback, next: current, builder: current?.builder ?? Builder())
    return $current.withValue(chain) { make(next).value }
  }

  /// Warns that this thread has waited ``BuildGraph/patience`` for another thread's build.
  static func reportLongWait(for name: String) {
    reportIssue(
      """
      Waited \(BuildGraph.patience) for the default value of \(name), which another thread is \
      building. If that build waits for this thread (a DispatchQueue.sync, a semaphore, a \
      blocking call back into this code), they wait for each other forever: a cycle Harness \
      cannot see. Keep waiting.

      Break it: do not block on other threads while a dependency's value is built; read the \
      dependency lazily (inside an endpoint, when it is called).
      """,
      severity: .warning
    )
  }

  private static func message(cycle names: [String], acrossThreads: Bool, ending: String) -> String {
    let first = names.first ?? "?"
    let threads =
      acrossThreads
      ? " Its builds run on different threads, each waiting for the other: without this "
        + "report they would wait forever."
      : ""
    return """
      Dependency cycle: \(names.joined(separator: " → ")).

      Building the default value of \(first) needs that value itself.\(threads) Break the cycle: \
      read the dependency lazily (inside an endpoint, when it is called) instead of while the \
      value is built, or pass what it needs as a parameter. \(ending)
      """
  }

  /// Reports the cycle and stops: no context's value can be built, and waiting would hang.
  private static func stop(
    cycle names: [String], acrossThreads: Bool, key link: Link, contexts: [DependencyContext]
  ) -> Never {
    let values =
      contexts.count == 1
      ? "Its \(contexts[0]) value needs"
      : "Its \(contexts.map(\.description).joined(separator: ", ")) values all need"
    let ending = """
      \(values) \(names.last ?? link.name) itself and no context comes after live: no value exists to \
      return, so the program stops here (the live app would stop too).
      """
    let message = message(cycle: names, acrossThreads: acrossThreads, ending: ending)
    reportIssue(ReportedIssue(message: message, location: link.site.location))
    fatalError(message)
  }
}

/// Which chain builds which slot, and which slot each chain waits for: a thread about to wait
/// for a value another thread builds first checks that the wait can end.
enum BuildGraph {
  private struct State {
    /// Slot → the chain building it, and the slot's name.
    var builders: [ObjectIdentifier: (builder: BuildChain.Builder, name: String)] = [:]
    /// Chain → the slot it waits for.
    var waits: [ObjectIdentifier: ObjectIdentifier] = [:]
  }

  private static let state = Locked(State())

  /// How long a thread waits for another thread's build before it says so.
  static var patience: Duration { .milliseconds(patienceMilliseconds.load(ordering: .relaxed)) }

  static let patienceMilliseconds = Atomic(5_000)

  /// Notes that `builder` builds `slot` (until ``finished(_:)``).
  static func started(_ slot: ValueSlot, by builder: BuildChain.Builder, name: String) {
    state.withLock { $0.builders[ObjectIdentifier(slot)] = (builder, name) }
  }

  static func finished(_ slot: ValueSlot) {
    state.withLock { _ = $0.builders.removeValue(forKey: ObjectIdentifier(slot)) }
  }

  /// Notes that `builder` waits for `slot`; returns the names of the cycle, oldest build first,
  /// if the wait could never end (the slot's builder waits, through other builds, for a slot
  /// `builder` builds).
  static func wait(
    _ builder: BuildChain.Builder, for slot: ValueSlot, name: String
  ) -> [String]? {
    state.withLock { state -> (names: [String], mine: ObjectIdentifier)? in
      state.waits[ObjectIdentifier(builder)] = ObjectIdentifier(slot)
      var names = [name]
      var waitedFor = ObjectIdentifier(slot)
      for _ in 0...state.waits.count {
        guard let (other, _) = state.builders[waitedFor] else { return nil }
        // Back at this chain: its build of `waitedFor` waits, through the others, for itself.
        if other === builder { return (names, waitedFor) }
        guard let next = state.waits[ObjectIdentifier(other)],
          let (_, nextName) = state.builders[next]
        else { return nil }
        names.append(nextName)
        waitedFor = next
      }
      return nil
    }.map { found in
      // This chain's own builds, from the one the others wait for up to the innermost, which
      // is the one that waits.
      var own: [String] = []
      var chain = BuildChain.current
      while let current = chain {
        // Fallback values built on the way are not builds of the cycle.
        guard let slot = current.link.slot else {
          chain = current.next?.chain
          continue
        }
        own.append(current.link.name)
        if ObjectIdentifier(slot) == found.mine { break }
        chain = current.next?.chain
      }
      return own.reversed() + found.names
    }
  }

  static func stopWaiting(_ builder: BuildChain.Builder) {
    state.withLock { _ = $0.waits.removeValue(forKey: ObjectIdentifier(builder)) }
  }
}
