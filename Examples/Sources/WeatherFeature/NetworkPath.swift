#if Macros
/// What the network looks like now, as ``PathMonitorClient`` reports it.
public struct NetworkPath: Equatable, Sendable {
  public enum Status: Equatable, Sendable {
    /// Some interface can carry traffic.
    case satisfied
    /// No interface can carry traffic.
    case unsatisfied
  }

  public var status: Status

  public init(status: Status) { self.status = status }

  public static let satisfied = NetworkPath(status: .satisfied)
  public static let unsatisfied = NetworkPath(status: .unsatisfied)
}
#endif
