import Foundation

extension DependencyValues {
  /// The current date.
  ///
  /// - live value: the system clock (`Date()`)
  /// - test value: unimplemented — each use reports an issue naming `@Dependency(\.date)` and
  ///   returns the real date; override it with ``DateGenerator/constant(_:)``
  /// - preview value: the live value
  ///
  /// ```swift
  /// final class NotesModel {
  ///   @Dependency(\.date.now) var now
  ///   func add() { notes.append(Note(createdAt: now)) }
  /// }
  ///
  /// @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  /// func add() { … }
  /// ```
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

/// Gives the current date: `date.now` or `date()`.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date
  private let unimplemented: UnimplementedBuiltin?

  /// A generator that calls `generate` for each date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
    self.unimplemented = nil
  }

  private init(unimplemented: UnimplementedBuiltin) {
    self.generate = { Date() }
    self.unimplemented = unimplemented
  }

  /// The current date.
  public var now: Date { callAsFunction() }

  /// The current date.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Date {
    unimplemented?.report(fileID, filePath, line, column)
    return generate()
  }

  /// The system clock.
  public static let system = DateGenerator { Date() }

  /// Always `date`.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }

  static let unimplemented = DateGenerator(
    unimplemented: UnimplementedBuiltin(property: "date", example: ".constant(Date(timeIntervalSince1970: 0))")
  )
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator.system
  static let testValue = DateGenerator.unimplemented
}
