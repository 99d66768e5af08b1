#if Macros
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine's network interfaces, read with `getifaddrs`: what the live
/// ``PathMonitorClient`` looks at.
public struct NetworkInterfaces: Equatable, Sendable {
  /// One interface with the facts that matter for connectivity.
  public struct Interface: Equatable, Sendable {
    public var name: String
    /// Up and running (`IFF_UP` and `IFF_RUNNING`).
    public var isActive: Bool
    /// The loopback interface (`IFF_LOOPBACK`), which reaches only this machine.
    public var isLoopback: Bool
    /// Has an IPv4 or IPv6 address.
    public var hasAddress: Bool

    public init(name: String, isActive: Bool, isLoopback: Bool, hasAddress: Bool) {
      self.name = name
      self.isActive = isActive
      self.isLoopback = isLoopback
      self.hasAddress = hasAddress
    }

    /// Could carry traffic to another machine.
    public var canReachOtherMachines: Bool { isActive && !isLoopback && hasAddress }
  }

  public var interfaces: [Interface]

  public init(_ interfaces: [Interface]) { self.interfaces = interfaces }

  /// `.satisfied` when some interface other than loopback is up, running and has an address.
  public var status: NetworkPath.Status {
    interfaces.contains(where: \.canReachOtherMachines) ? .satisfied : .unsatisfied
  }

  /// The interfaces now; none if they cannot be read.
  public static func current() -> NetworkInterfaces {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return NetworkInterfaces([]) }
    defer { freeifaddrs(first) }
    // getifaddrs lists an interface once per address (and, on Linux, once for its link layer).
    var byName: [String: Interface] = [:]
    var order: [String] = []
    var entry = first
    while let current = entry?.pointee {
      defer { entry = current.ifa_next }
      let name = String(cString: current.ifa_name)
      let flags = current.ifa_flags
      let family = current.ifa_addr.map { Int32($0.pointee.sa_family) }
      let hasAddress = family == AF_INET || family == AF_INET6
      if var known = byName[name] {
        known.hasAddress = known.hasAddress || hasAddress
        byName[name] = known
      } else {
        order.append(name)
        byName[name] = Interface(
          name: name,
          isActive: flags & flag(IFF_UP) != 0 && flags & flag(IFF_RUNNING) != 0,
          isLoopback: flags & flag(IFF_LOOPBACK) != 0,
          hasAddress: hasAddress
        )
      }
    }
    return NetworkInterfaces(order.compactMap { byName[$0] })
  }
}

/// `IFF_…` constants are `Int` on Glibc and `Int32` on Darwin; `ifa_flags` is `UInt32`.
private func flag(_ value: some BinaryInteger) -> UInt32 { UInt32(truncatingIfNeeded: value) }
#endif
