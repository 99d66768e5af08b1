import HarnessIssues
import Synchronization

/// A property that reads a dependency.
///
/// ```swift
/// import Foundation
/// import Harness
/// import Observation
///
/// struct Todo: Equatable { var id: UUID }
///
/// @Observable
/// final class TodosModel {
///   var todos: [Todo] = []
///   @ObservationIgnored @Dependency(\.uuid) var uuid
///   @ObservationIgnored @Dependency(\.continuousClock) var clock
///
///   func add() { todos.append(Todo(id: uuid())) }
/// }
/// ```
///
/// The property captures the dependency values current when its owner is created, so an object
/// made inside `withDependencies { … } operation: { … }` keeps those overrides wherever it is
/// used later; where the scope current at the read overrides a dependency too, that scope wins,
/// unless its override was already there when the owner was created (a test trait's, an
/// `invokeTest`'s): the owner's later override then stands.
/// Reading costs a task-local lookup and a pointer comparison once the value is known, and a
/// short walk inside a `withDependencies` that overrides other dependencies (see the benchmark
/// in `Benchmarks/`).
///
/// Do not declare it `static`: a static property is created lazily, wherever it happens to be
/// first used, and would capture that place's dependencies.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  // Inlinable down to the slow path, and the only generic part: a client specializes the read
  // for its `Value`, where unspecialized code would look generic metadata up on every read.

  /// Where the property is, what it captured, and the value once it is fixed.
  @usableFromInline let access: DependencyAccess
  /// How to read the value from dependency values.
  @usableFromInline let read: Read

  @usableFromInline
  enum Read: Sendable {
    case keyPath(any KeyPath<DependencyValues, Value> & Sendable)
    case key(@Sendable (DependencyValues) -> Value)
  }

  /// Reads the dependency registered as the `DependencyValues` property at `keyPath`:
  /// `@Dependency(\.uuid) var uuid`.
  public init(
    _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    read = .keyPath(keyPath)
    access = DependencyAccess(
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
    read = .key { $0[Key.self] }
    access = DependencyAccess(
      site: StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      readsKeyDirectly: true,
      key: ObjectIdentifier(Key.self)
    )
  }

  /// Reads the dependency at `keyPath` as the concrete type it is known to have, typically in a
  /// test that overrode a protocol-typed dependency with a test double:
  /// `@Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock`.
  ///
  /// A value of another type is reported (naming both types and the override to add), then
  /// stops the program: there is no value of the type asked for to give.
  public init<Stored: Sendable>(
    _ keyPath: any KeyPath<DependencyValues, Stored> & Sendable,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    read = .key { values in
      let stored = values[keyPath: keyPath]
      // A computed property's key path prints no name on every platform.
      let path = "\(keyPath)"
      let name = path.contains("<computed") ? "\\.…" : path
      return DependencyCast.cast(stored, to: Value.self, name: name, at: site)
    }
    access = DependencyAccess(site: site, readsKeyDirectly: false)
  }

  /// Reads the dependency registered under `Key` as the concrete type it is known to have:
  /// `@Dependency(APIClientKey.self, as: MockAPIClient.self) var client`. A value of another
  /// type is reported, then stops the program, as with a key path.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    read = .key { values in
      DependencyCast.cast(
        values[Key.self], to: Value.self, name: "\(typeName(Key.self)).self", at: site)
    }
    access = DependencyAccess(site: site, readsKeyDirectly: true)
  }

  /// The dependency's value: overridden by the scope current here if it overrides it, else as
  /// captured when the owner was created.
  @inlinable public var wrappedValue: Value {
    // The hit path: with nothing overridden here, or the very values the owner captured, a
    // published value is the answer. One task-local lookup, two loads, no reference counting
    // but the copy of the value itself.
    let top = DependencyStorage.currentTopAddress
    if top == nil || top == access.capturedTopAddress, let value = access.publishedValue(as: Value.self) {
      return value
    }
    return readMissingHitPath(current: DependencyStorage.current)
  }

  /// The read off the hit path. Not inlined into the property, so that the hit path stays small
  /// where it is read.
  @inlinable @inline(never)
  func readMissingHitPath(current: DependencyStorage) -> Value {
    // The current scope can only change the answer when it is neither the captured values nor
    // the untouched defaults.
    let readsCaptured = current.isIdentical(to: access.captured) || current.isRoot
    if let box = access.published, readsCaptured || access.readsAsCaptured(through: current) {
      return unsafeDowncast(box, to: ValueBox<Value>.self).value
    }
    return resolve(current: current, readsCaptured: readsCaptured)
  }

  @inlinable
  func resolve(current: DependencyStorage, readsCaptured: Bool) -> Value {
    let captured = access.captured
    // Captured values are immutable and cached defaults never change once built, so a dependency
    // read from the captured values is fixed for good, unless defaults come from "the running
    // test", which is found anew at each read. A read through a scope that changes nothing this
    // read depends on gives the captured values' answer, so it fixes the value too.
    // Nor is a read in a usage-tracked scope (`.dependencyUsage`): each read there is recorded,
    // so it must keep coming here rather than to the published value.
    let capturedScope = captured.scope
    let canFix = capturedScope.map { $0.usage == nil } ?? !isTesting
    var values = DependencyValues(storage: readsCaptured ? captured : current)
    switch read {
    case let .keyPath(keyPath):
      // Note what the read reads only if that can fix the value: not once it is published (a
      // read then gets here only where it cannot be reused), nor where the current scope is
      // known to change it.
      let property = PropertyRead(
        access: access, captured: readsCaptured ? nil : captured,
        records: canFix && access.published == nil
          && (readsCaptured || access.mayReadAsCaptured(through: current)))
      values.property = property
      let value = values[keyPath: keyPath]
      // Only a plain property is fixed: a path through the dependency (`\.date.now`) is
      // computed anew at each read.
      if let box = property.exactBox(of: value), let key = property.lastKey {
        access.noteKey(key)
        if readsCaptured || access.readsAsCaptured(through: current) { access.publish(box) }
      }
      return value
    case let .key(read):
      values.property = PropertyRead(
        access: access, captured: readsCaptured ? nil : captured, records: false)
      let value = read(values)
      if canFix, readsCaptured || access.readsAsCaptured(through: current) {
        access.publish(ValueBox(value))
      }
      return value
    }
  }

  /// The values this property reads on top of the current ones (for `withDependencies(from:)`).
  var capturedStorage: DependencyStorage { access.captured }
}

/// Lets `withDependencies(from:)` find the captured values of any `Dependency` by reflection.
protocol DependencyCapturing {
  var capturedStorage: DependencyStorage { get }
}

extension Dependency: DependencyCapturing {}

/// A `@Dependency` property: where it is declared (for messages), the values current when its
/// owner was created, and its value once that is fixed for good.
///
/// Not generic, so that creating and destroying one costs no generic metadata lookups.
@usableFromInline
final class DependencyAccess: @unchecked Sendable {
  // @unchecked: immutable, but for the write-once atomics.
  let site: StaticSourceLocation
  /// `@Dependency(Key.self)` rather than `@Dependency(\.property)`.
  let readsKeyDirectly: Bool
  /// The values current when the owner was created.
  @usableFromInline let captured: DependencyStorage
  /// `captured`'s newest node's address, for the hit path's comparison.
  @usableFromInline let capturedTopAddress: UnsafeRawPointer?
  // Write-once, released in deinit: a reader never sees a box freed under it.
  @usableFromInline let box = Atomic<Unmanaged<AnyValueBox>?>(nil)
  /// The bits of the key whose value `box` holds (0: not known yet). Written before `box`, so a
  /// reader that sees the box sees the key; a property always reads the same key (a property
  /// whose getter reads other dependencies first is never published).
  private let keyBits: Atomic<UInt>

  init(site: StaticSourceLocation, readsKeyDirectly: Bool, key: ObjectIdentifier? = nil) {
    self.site = site
    self.readsKeyDirectly = readsKeyDirectly
    self.captured = DependencyStorage.current
    self.capturedTopAddress = captured.topAddress
    self.keyBits = Atomic(key.map { UInt(bitPattern: $0) } ?? 0)
  }

  deinit {
    box.load(ordering: .acquiring)?.release()
  }

  /// The value, if reading the captured values can only ever give this one.
  @inlinable var published: AnyValueBox? {
    box.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// The published value, read without retaining its box (it lives as long as this property).
  @inlinable func publishedValue<Value: Sendable>(as _: Value.Type) -> Value? {
    box.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { $0.unbox(as: Value.self) }
  }

  /// Whether reading through `current` gives what reading the captured values gives: `current`
  /// is the captured values with nodes on top that neither override the key, start a scope, nor
  /// change the context (a model read inside a `withDependencies` that overrides something
  /// else). `false` while the key is not known.
  @usableFromInline
  func readsAsCaptured(through current: DependencyStorage) -> Bool {
    let key = keyBits.load(ordering: .relaxed)
    return key != 0 && current.readsLike(captured, forKeyBits: key)
  }

  /// Whether reading through `current` may give what reading the captured values gives: yes
  /// while the key is not known yet.
  @usableFromInline
  func mayReadAsCaptured(through current: DependencyStorage) -> Bool {
    let key = keyBits.load(ordering: .relaxed)
    return key == 0 || current.readsLike(captured, forKeyBits: key)
  }

  /// Notes the key a `\.property` read gave exactly the value of (before publishing it).
  @usableFromInline
  func noteKey(_ key: ObjectIdentifier) {
    keyBits.store(UInt(bitPattern: key), ordering: .relaxed)
  }

  /// Keeps `value`, the value of the noted key, for good (the first value published wins; all
  /// are the same value).
  @usableFromInline
  func publish(_ value: AnyValueBox) {
    let new = Unmanaged.passRetained(value)
    let (stored, _) = box.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
    if !stored { new.release() }
  }
}

/// The conversion of `@Dependency(_:as:)`.
enum DependencyCast {
  static func cast<Stored, Value>(
    _ stored: Stored, to _: Value.Type, name: String, at site: StaticSourceLocation
  ) -> Value {
    if let value = stored as? Value { return value }
    let message = """
      @Dependency(\(name), as: \(typeName(Value.self)).self) at \(site.shortDescription) holds a \
      \(typeName(type(of: stored as Any))), not a \(typeName(Value.self)).

      Override it with a \(typeName(Value.self)) where this is read (withDependencies or a test \
      trait, e.g. .dependencies { … = \(typeName(Value.self))(…) }), or read it without `as:`.
      """
    reportIssue(ReportedIssue(message: message, location: site.location))
    // No value of the type asked for exists to return.
    fatalError(message)
  }
}
