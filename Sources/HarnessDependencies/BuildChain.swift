import HarnessIssues
import Synchronization

/// The default values being built by the current task or thread, innermost first.
///
/// A value whose initializer reads a dependency that is already being built on the same chain
/// would wait for itself forever: that is a cycle, reported with the whole chain. A cycle can
/// also close across threads (this thread builds A and waits for B, whose build on another
/// thread waits for A): ``BuildGraph`` finds it before waiting.
struct BuildChain: Sendable {
  struct Link: Sendable {
    let slot: ValueSlot
    let name: String
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

  /// The links from the innermost build down to the build of `link`'s slot, if that slot is
  /// already being built on this chain.
  static func cycle(closedBy link: Link) -> [Link]? {
    var links: [Link] = []
    var chain = current
    while let current = chain {
      links.append(current.link)
      if current.link.slot === link.slot { return links }
      chain = current.next?.chain
    }
    return nil
  }

  /// Reports the cycle and stops: no value exists to return, and waiting would hang forever.
  static func reportCycle(_ links: [Link], closedBy link: Link) -> Never {
    // The last link is the build that the new read closes the cycle on: name it the same way.
    let names = links.reversed().map(\.name) + [links.last?.name ?? link.name]
    stop(cycle: names, acrossThreads: false)
  }

  /// Reports a cycle through builds on several threads and stops.
  static func reportCycleAcrossThreads(_ names: [String]) -> Never {
    stop(cycle: names, acrossThreads: true)
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

  private static func stop(cycle names: [String], acrossThreads: Bool) -> Never {
    let first = names.first ?? "?"
    let threads =
      acrossThreads
      ? " Its builds run on different threads, each waiting for the other: without this "
        + "report they would wait forever."
      : ""
    let message = """
      Dependency cycle: \(names.joined(separator: " → ")).

      Building the default value of \(first) needs that value itself.\(threads) Break the cycle: \
      read the dependency lazily (inside an endpoint, when it is called) instead of while the \
      value is built, or pass what it needs as a parameter.
      """
    reportIssue(message)
    // No value exists to return, and waiting would never end.
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
        own.append(current.link.name)
        if ObjectIdentifier(current.link.slot) == found.mine { break }
        chain = current.next?.chain
      }
      return own.reversed() + found.names
    }
  }

  static func stopWaiting(_ builder: BuildChain.Builder) {
    state.withLock { _ = $0.waits.removeValue(forKey: ObjectIdentifier(builder)) }
  }
}
