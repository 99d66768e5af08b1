import HarnessIssues
import Synchronization

/// A property that reads a dependency.
///
/// ```swift
/// @Observable
/// final class TodosModel {
///   @ObservationIgnored @Dependency(\.uuid) var uuid
///   @ObservationIgnored @Dependency(APIClient.self) var apiClient
///
///   func add() { todos.append(Todo(id: uuid())) }
/// }
/// ```
///
/// The property captures the dependency values current when its owner is created, so an object
/// made inside `withDependencies { … } operation: { … }` keeps those overrides wherever it is
/// used later; where the scope current at the read overrides a dependency too, that scope wins.
/// Reading costs a task-local lookup and a pointer comparison once the value is known (see the
/// benchmark in `Benchmarks/`).
///
/// Do not declare it `static`: a static property is created lazily, wherever it happens to be
/// first used, and would capture that place's dependencies.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  // Inlinable from here down to the fast path: a client specializes the read for its `Value`,
  // instead of looking up generic metadata on every read.

  /// How to read the value, and the values current when the owner was created.
  @usableFromInline let reader: DependencyReader<Value>

  /// Reads the dependency registered as the `DependencyValues` property at `keyPath`:
  /// `@Dependency(\.uuid) var uuid`.
  public init(
    _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    reader = DependencyReader(
      .keyPath(keyPath),
      site: StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      readsKeyDirectly: false
    )
  }

  /// Reads the dependency registered under the key `Key`, typically a client type that is its own
  /// key: `@Dependency(APIClient.self) var apiClient`.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    reader = DependencyReader(
      .key { $0[Key.self] },
      site: StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      readsKeyDirectly: true
    )
  }

  /// The dependency's value: overridden by the scope current here if it overrides it, else as
  /// captured when the owner was created.
  @inlinable public var wrappedValue: Value {
    let current = DependencyStorage.current
    // The current scope can only change the answer when it is neither the captured values nor
    // the untouched defaults.
    let readsCaptured = current === reader.captured || current === DependencyStorage.root
    if readsCaptured, let value = reader.published { return value }
    return reader.resolve(current: current, readsCaptured: readsCaptured)
  }

  /// The values this property reads on top of the current ones (for `withDependencies(from:)`).
  var capturedStorage: DependencyStorage { reader.captured }
}

/// Lets `withDependencies(from:)` find the captured values of any `Dependency` by reflection.
protocol DependencyCapturing {
  var capturedStorage: DependencyStorage { get }
}

extension Dependency: DependencyCapturing {}

/// A `@Dependency` property's declaration: where it is, for messages.
@usableFromInline
class DependencyAccess: @unchecked Sendable {
  // @unchecked: immutable.
  let site: StaticSourceLocation
  /// `@Dependency(Key.self)` rather than `@Dependency(\.property)`.
  let readsKeyDirectly: Bool

  init(site: StaticSourceLocation, readsKeyDirectly: Bool) {
    self.site = site
    self.readsKeyDirectly = readsKeyDirectly
  }
}

/// How a `@Dependency` property reads its value, and the value once it is fixed for good.
@usableFromInline
final class DependencyReader<Value: Sendable>: DependencyAccess, @unchecked Sendable {
  // @unchecked: immutable, but for the write-once atomic.
  enum Read: Sendable {
    case keyPath(any KeyPath<DependencyValues, Value> & Sendable)
    case key(@Sendable (DependencyValues) -> Value)
  }

  private let read: Read
  /// The values current when the owner was created.
  @usableFromInline let captured: DependencyStorage
  // Write-once, released in deinit: a reader never sees a box freed under it.
  @usableFromInline let box = Atomic<Unmanaged<ValueBox<Value>>?>(nil)

  init(_ read: Read, site: StaticSourceLocation, readsKeyDirectly: Bool) {
    self.read = read
    self.captured = DependencyStorage.current
    super.init(site: site, readsKeyDirectly: readsKeyDirectly)
  }

  deinit {
    box.load(ordering: .acquiring)?.release()
  }

  /// The value, if reading the captured values can only ever give this one.
  @inlinable var published: Value? {
    box.load(ordering: .acquiring)?.takeUnretainedValue().value
  }

  @usableFromInline
  func resolve(current: DependencyStorage, readsCaptured: Bool) -> Value {
    var values = DependencyValues(storage: readsCaptured ? captured : current)
    if !readsCaptured { values.captured = captured }
    values.access = self
    let value =
      switch read {
      case let .keyPath(keyPath): values[keyPath: keyPath]
      case let .key(read): read(values)
      }
    // Captured values are immutable and cached defaults never change once built, so the answer is
    // fixed, unless defaults come from "the running test", which is found anew at each read.
    if readsCaptured, captured.scope != nil || !isTesting {
      let new = Unmanaged.passRetained(ValueBox(value))
      let (stored, _) = box.compareExchange(
        expected: nil, desired: new, ordering: .acquiringAndReleasing
      )
      if !stored { new.release() }
    }
    return value
  }
}
