import Foundation
import Synchronization

extension DependencyValues {
  /// Makes UUIDs.
  ///
  /// - live value: random UUIDs (`UUID()`)
  /// - test value: unimplemented — each use reports an issue naming `@Dependency(\.uuid)`
  ///   and returns a random UUID; override it with ``UUIDGenerator/incrementing`` or
  ///   ``UUIDGenerator/constant(_:)``
  /// - preview value: the live value
  ///
  /// ```swift
  /// struct Todo: Equatable { var id: UUID }
  ///
  /// final class TodosModel {
  ///   @Dependency(\.uuid) var uuid
  ///   var todos: [Todo] = []
  ///   func add() { todos.append(Todo(id: uuid())) }
  /// }
  ///
  /// @Test(.dependency(\.uuid, .incrementing))
  /// func add() {
  ///   let model = TodosModel()
  ///   model.add()
  ///   #expect(model.todos[0].id == UUID(0))
  /// }
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

/// Makes UUIDs: call it, `uuid()`.
public struct UUIDGenerator: Sendable {
  private let generator: BuiltinGenerator<UUID>
  /// Makes the same generator in its first state (`.incrementing` from 0 again), for runs that
  /// must draw the same UUIDs as an earlier one: explored interleavings, replays.
  private var restart: (@Sendable () -> UUIDGenerator)?

  /// A generator that calls `generate` for each UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    generator = BuiltinGenerator(generate)
  }

  private init(_ generator: BuiltinGenerator<UUID>) {
    self.generator = generator
  }

  /// This generator started over, if it has a state to restart.
  var restarted: UUIDGenerator? { restart?() }

  /// A new UUID.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> UUID {
    generator.next(fileID, filePath, line, column)
  }

  /// Random UUIDs.
  public static let random = UUIDGenerator { UUID() }

  /// `00000000-0000-0000-0000-000000000000`, then `…-000000000001`, `…-000000000002`…:
  /// each use of `.incrementing` starts a new sequence at 0. Thread-safe.
  public static var incrementing: UUIDGenerator {
    let counter = Atomic<UInt64>(0)
    var generator = UUIDGenerator { UUID(counter.wrappingAdd(1, ordering: .relaxed).oldValue) }
    generator.restart = { .incrementing }
    return generator
  }

  /// Always `uuid`.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }

  static let unimplemented = UUIDGenerator(
    BuiltinGenerator(unimplemented: UnimplementedBuiltin(property: "uuid", example: ".incrementing")) {
      UUID()
    }
  )
}

extension UUID {
  /// The UUID whose last 64 bits are `value`: `UUID(1)` is `00000000-0000-0000-0000-000000000001`
  /// and `UUID(UInt64.max)` is `00000000-0000-0000-FFFF-FFFFFFFFFFFF`; nothing is cut off.
  /// What ``UUIDGenerator/incrementing`` makes, for writing expectations.
  public init(_ value: UInt64) {
    self.init(magnitude: value, isNegative: false)
  }

  /// The UUID for any `Int`: its magnitude in the last 64 bits and its sign in the third group,
  /// as swift-dependencies lays it out. `UUID(-1)` is `00000000-0000-0001-0000-000000000001`,
  /// `UUID(Int.max)` is `00000000-0000-0000-7FFF-FFFFFFFFFFFF`.
  public init(_ value: Int) {
    self.init(magnitude: UInt64(value.magnitude), isNegative: value < 0)
  }

  private init(magnitude: UInt64, isNegative: Bool) {
    func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: magnitude >> shift) }
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, isNegative ? 1 : 0,
        byte(56), byte(48), byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)
      )
    )
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.random
  static let testValue = UUIDGenerator.unimplemented
}

extension DependencyValues {
  /// Restarts an overridden `uuid` generator that has a state (`.incrementing`).
  mutating func restartUUIDGenerator() {
    guard let node = override(for: ObjectIdentifier(UUIDGeneratorKey.self)) as? TypedOverrideNode<UUIDGenerator>,
      let restarted = node.value.restarted
    else { return }
    uuid = restarted
  }
}
