import HarnessIssues
import Synchronization

/// How a usage-tracked test treats an override it never read.
public enum DependencyUsageMode: Sendable, Equatable {
  /// Print the report only.
  case report
  /// Print the report and fail the test for each override it never read.
  case strict
}

/// What one usage-tracked test (`.dependencyUsage`, or a `DependencyTestCase` overriding
/// `dependencyUsage`) did with its dependencies: printed as one block after the test.
public struct DependencyUsageReport: Sendable, Equatable, CustomStringConvertible {
  /// An override the test was given.
  public struct Override: Sendable, Equatable {
    /// The dependency, as written in `withDependencies`: `\.uuid` or `APIClient.self`.
    public var name: String
    /// Where the override was set (the `withDependencies` call, the trait, the `TestStore`).
    public var location: SourceCodeLocation?
  }

  /// The test (or the label of the tracked scope).
  public var test: String
  /// The dependencies read, in the order first read.
  public var read: [String]
  /// The overrides given that were never read, in the order given.
  public var unusedOverrides: [Override]
  /// The dependencies whose live value was reached (a key without a test value, or a live
  /// context), in the order first built.
  public var liveValues: [String]
  /// The endpoints of `@DependencyClient` clients called, one entry per client in the order
  /// first called: `\.apiClient: fetch, save` (the client's type name when no dependency read
  /// gave it, or several did).
  public var endpointsCalled: [String] = []

  /// The report of the usage-tracked scope of the current task so far (`nil` outside one): a
  /// test can check its own usage before it ends.
  public static var current: DependencyUsageReport? {
    DependencyValues.current.namedScope?.usage?.report()
  }

  /// The printed block.
  public var description: String {
    func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }
    let unused = unusedOverrides.map { entry in
      entry.location.map { "\(entry.name) (\($0.fileID):\($0.line))" } ?? entry.name
    }
    let endpoints = endpointsCalled.isEmpty ? "" : "\n  endpoints called: \(endpointsCalled.joined(separator: "; "))"
    return """
      Dependency usage of \(test):
        read: \(list(read))\(endpoints)
        unused overrides: \(list(unused))
        live values: \(list(liveValues))
      """
  }
}

/// Records the dependency usage of one tracked scope: held by its ``DependencyScope``, so reads
/// through the values of other scopes (parallel tests) never reach it.
@usableFromInline
final class DependencyUsageRecorder: Sendable {
  /// How many tracked scopes are running: while none is, reads and `withDependencies` record
  /// nothing and pay only this load, off the `@Dependency` fast path.
  @usableFromInline static let activeCount = Atomic<Int>(0)

  @inlinable static var isActive: Bool { activeCount.load(ordering: .relaxed) != 0 }

  private struct Given {
    let node: OverrideNode
    let name: String
    let location: SourceCodeLocation?
    var isRead = false
  }

  private struct State {
    var read: [ObjectIdentifier: String] = [:]
    var readOrder: [ObjectIdentifier] = []
    var given: [ObjectIdentifier: Given] = [:]
    var givenOrder: [ObjectIdentifier] = []
    var live: [String] = []
    /// Key → the type of its value, to name a client by the dependency that gave it.
    var valueTypes: [ObjectIdentifier: ObjectIdentifier] = [:]
    /// Client type → its name and the endpoints called, in the order first called.
    var endpoints: [ObjectIdentifier: (client: String, names: [String])] = [:]
    var endpointOrder: [ObjectIdentifier] = []
  }

  let mode: DependencyUsageMode
  let label: String
  private let state = Locked(State())

  init(mode: DependencyUsageMode, label: String) {
    self.mode = mode
    self.label = label
  }

  /// Notes the overrides `nodes` set at `site` (the first site noted for a node wins).
  func noteGiven(_ nodes: [DependencyNode], at site: StaticSourceLocation?) {
    // Several changes of one key in one `withDependencies` (`$0.client.a = …; $0.client.b = …`)
    // are one node each: only the newest can ever answer a read, so only it is noted.
    var seen: Set<ObjectIdentifier> = []
    let newest = nodes.filter { node in node.key.map { seen.insert($0).inserted } ?? false }
    state.withLock { state in
      for node in newest.reversed() {
        let override = unsafeDowncast(node, to: OverrideNode.self)
        let id = ObjectIdentifier(override)
        guard state.given[id] == nil else { continue }
        state.given[id] = Given(
          node: override, name: override.dependencyName.shortDescription, location: site?.location)
        state.givenOrder.append(id)
      }
    }
  }

  /// Notes a read of `key`, answered by `node` if overridden.
  func noteRead(
    key: ObjectIdentifier, valueType: ObjectIdentifier, name: @autoclosure () -> DependencyName,
    node: OverrideNode?
  ) {
    state.withLock { state in
      if state.read[key] == nil {
        state.read[key] = (node?.dependencyName ?? name()).shortDescription
        state.readOrder.append(key)
        state.valueTypes[key] = valueType
      }
      if let node { state.given[ObjectIdentifier(node)]?.isRead = true }
    }
  }

  /// Notes that the override `node` was used without its own key being read (a context
  /// override choosing a default value).
  func noteUsed(_ node: OverrideNode) {
    state.withLock { $0.given[ObjectIdentifier(node)]?.isRead = true }
  }

  /// Notes that the live value of `name` was built.
  func noteLive(_ name: DependencyName) {
    state.withLock { $0.live.append(name.shortDescription) }
  }

  /// Notes a call of `endpoint` of the `@DependencyClient` type `client`.
  func noteEndpointCall(_ client: Any.Type, _ endpoint: StaticString) {
    let id = ObjectIdentifier(client)
    let name = endpoint.description
    state.withLock { state in
      if state.endpoints[id] == nil {
        state.endpoints[id] = (String(describing: client), [])
        state.endpointOrder.append(id)
      }
      if state.endpoints[id]?.names.contains(name) == false { state.endpoints[id]?.names.append(name) }
    }
  }

  /// Notes a call of an endpoint in the tracked scope the current task's values name, if any
  /// (the observer of ``EndpointCalls``).
  static let endpointCallObserver: @Sendable (Any.Type, StaticString) -> Void = { client, endpoint in
    DependencyValues.current.namedScope?.usage?.noteEndpointCall(client, endpoint)
  }

  func report() -> DependencyUsageReport {
    state.withLock { state in
      let endpoints = state.endpointOrder.compactMap { id -> String? in
        guard let entry = state.endpoints[id] else { return nil }
        // Named by the one dependency read whose value is this client, if exactly one is.
        let keys = state.readOrder.filter { state.valueTypes[$0] == id }
        let client = keys.count == 1 ? state.read[keys[0]] ?? entry.client : entry.client
        return "\(client): \(entry.names.joined(separator: ", "))"
      }
      return DependencyUsageReport(
        test: label,
        read: state.readOrder.compactMap { state.read[$0] },
        unusedOverrides: state.givenOrder.compactMap { id in
          guard let given = state.given[id], !given.isRead else { return nil }
          return DependencyUsageReport.Override(name: given.name, location: given.location)
        },
        liveValues: state.live,
        endpointsCalled: endpoints
      )
    }
  }

  /// A recorder for a tracked scope about to run: counted as running until ``end(site:output:)``.
  static func start(mode: DependencyUsageMode, label: String) -> DependencyUsageRecorder {
    activeCount.add(1, ordering: .relaxed)
    EndpointCalls.startObserving(endpointCallObserver)
    return DependencyUsageRecorder(mode: mode, label: label)
  }

  /// Finishes the tracked scope: delivers the report (see ``finish(site:output:)``).
  func end(site: SourceCodeLocation, output: (DependencyUsageReport) -> Void) {
    finish(site: site, output: output)
    EndpointCalls.stopObserving()
    Self.activeCount.subtract(1, ordering: .relaxed)
  }

  /// Delivers the report and, in strict mode, reports each unused override as an issue at the
  /// place it was set (else at `site`).
  func finish(site: SourceCodeLocation, output: (DependencyUsageReport) -> Void) {
    let report = report()
    output(report)
    guard mode == .strict else { return }
    for unused in report.unusedOverrides {
      let place = unused.location.map { " (set at \($0.fileID):\($0.line))" } ?? ""
      reportIssue(
        ReportedIssue(
          message: """
            The override of \(unused.name)\(place) was never read by \(label): remove it, or \
            track usage with .dependencyUsage instead of .dependencyUsage(.strict).
            """,
          location: unused.location ?? site))
    }
  }

  /// Notes the overrides `storage` holds above `before` in the tracked scope of `storage`, if
  /// any (called by `withDependencies` and its relatives while a tracked scope runs).
  @usableFromInline
  static func noteOverrides(
    _ storage: DependencyStorage, above before: DependencyStorage, site: StaticSourceLocation?
  ) {
    guard let usage = storage.scope?.usage else { return }
    usage.noteGiven(storage.nodes(above: before), at: site)
  }
}

extension DependencyValues {
  /// The scope this read caches defaults in, if it names one (the usage-tracked one in a
  /// tracked test).
  var namedScope: DependencyScope? {
    if let node = storage.scopeNode(), captured?.contains(node) != true { return node.ownScope }
    return captured?.scope
  }

  /// Notes a read of `Key` (answered by `node` if overridden) in the tracked scope, if any.
  @usableFromInline
  func noteUsage<Key: TestDependencyKey>(
    of key: Key.Type, node: OverrideNode?, function: StaticString
  ) {
    guard !isUpdating, !isPreparing, let usage = namedScope?.usage else { return }
    usage.noteRead(
      key: ObjectIdentifier(key), valueType: ObjectIdentifier(Key.Value.self),
      name: DependencyName(
        property: property?.access.readsKeyDirectly == true
          ? nil : DependencyName.property(from: function),
        keyType: key, valueType: Key.Value.self),
      node: node)
    // A default value was chosen by the overridden context, if any: that override was used.
    if node == nil, let context = overriddenContextNode { usage.noteUsed(context) }
  }
}

extension DependencyName {
  /// `\.uuid` or `APIClient.self`: how the report names a dependency.
  var shortDescription: String {
    if let property { return "\\.\(property)" }
    return "\(keyTypeName).self"
  }
}

/// Runs usage-tracked scopes for the test traits and `DependencyTestCase` (and the benchmark).
@_spi(DependencyUsage)
public enum DependencyUsageTracking {
  public typealias Site = (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  private static func staticSite(_ site: Site?) -> StaticSourceLocation? {
    site.map {
      StaticSourceLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
    }
  }

  /// Prints a report on standard output as one write, so that no other output (another test's
  /// line) can split the block.
  public static let printReport: @Sendable (DependencyUsageReport) -> Void = { report in
    WholeWrite.toStandardOutput("\(report)\n")
  }

  /// Runs `operation` in a fresh dependency scope (overridden by `update`) that records usage,
  /// then delivers the report to `output`.
  public static func run<R>(
    _ mode: DependencyUsageMode,
    label: String,
    output: (DependencyUsageReport) -> Void,
    site: SourceCodeLocation,
    updateSite: Site? = nil,
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    let usage = DependencyUsageRecorder.start(mode: mode, label: label)
    defer { usage.end(site: site, output: output) }
    return try withUpdated(
      DependencyValues.fresh(usage: usage), site: staticSite(updateSite),
      update, operation: operation)
  }

  /// Runs async `operation` in a fresh usage-recording scope. See the synchronous overload.
  public static func run<R>(
    _ mode: DependencyUsageMode,
    label: String,
    output: (DependencyUsageReport) -> Void,
    site: SourceCodeLocation,
    updateSite: Site? = nil,
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout DependencyValues) async throws -> Void,
    operation: () async throws -> R
  ) async rethrows -> R {
    let usage = DependencyUsageRecorder.start(mode: mode, label: label)
    defer { usage.end(site: site, output: output) }
    return try await withUpdated(
      DependencyValues.fresh(usage: usage), site: staticSite(updateSite),
      isolation: isolation, update, operation: operation)
  }
}
