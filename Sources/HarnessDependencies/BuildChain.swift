import HarnessIssues

/// The default values being built by the current task or thread, innermost first.
///
/// A value whose initializer reads a dependency that is already being built on the same chain
/// would wait for itself forever: that is a cycle, reported with the whole chain.
struct BuildChain: Sendable {
  struct Link: Sendable {
    let slot: ValueSlot
    let name: String
  }

  @TaskLocal static var current: BuildChain?

  let link: Link
  let next: Box?

  /// The rest of the chain (a class, since a struct cannot contain itself).
  final class Box: Sendable {
    let chain: BuildChain
    init(_ chain: BuildChain) { self.chain = chain }
  }

  init(link: Link, next: BuildChain?) {
    self.link = link
    self.next = next.map(Box.init)
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
    let names = (links.reversed().map(\.name) + [links.last?.name ?? link.name])
      .joined(separator: " → ")
    let message = """
      Dependency cycle: \(names).

      Building the default value of \(links.last?.name ?? link.name) needs that value itself. Break the cycle: \
      read the dependency lazily (inside an endpoint, when it is called) instead of while the \
      value is built, or pass what it needs as a parameter.
      """
    reportIssue(message)
    fatalError(message)
  }
}
