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
  /// final class TodosModel {
  ///   @Dependency(\.uuid) var uuid
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
  private let generate: @Sendable () -> UUID
  private let unimplemented: UnimplementedBuiltin?

  /// A generator that calls `generate` for each UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
    self.unimplemented = nil
  }

  private init(unimplemented: UnimplementedBuiltin) {
    self.generate = { UUID() }
    self.unimplemented = unimplemented
  }

  /// A new UUID.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> UUID {
    unimplemented?.report(fileID, filePath, line, column)
    return generate()
  }

  /// Random UUIDs.
  public static let random = UUIDGenerator { UUID() }

  /// `00000000-0000-0000-0000-000000000000`, then `…-000000000001`, `…-000000000002`…:
  /// each use of `.incrementing` starts a new sequence at 0. Thread-safe.
  public static var incrementing: UUIDGenerator {
    let counter = Atomic<UInt64>(0)
    return UUIDGenerator { UUID(counter.wrappingAdd(1, ordering: .relaxed).oldValue) }
  }

  /// Always `uuid`.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }

  static let unimplemented = UUIDGenerator(
    unimplemented: UnimplementedBuiltin(property: "uuid", example: ".incrementing")
  )
}

extension UUID {
  /// The UUID whose last 48 bits are `value`: `UUID(1)` is `00000000-0000-0000-0000-000000000001`.
  /// What ``UUIDGenerator/incrementing`` makes, for writing expectations.
  public init(_ value: UInt64) {
    let v = value & 0xFFFF_FFFF_FFFF
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        UInt8(truncatingIfNeeded: v >> 40), UInt8(truncatingIfNeeded: v >> 32),
        UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
        UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)
      )
    )
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.random
  static let testValue = UUIDGenerator.unimplemented
}
