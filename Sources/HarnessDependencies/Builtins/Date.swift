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
  /// struct Note: Equatable { var createdAt: Date }
  ///
  /// final class NotesModel {
  ///   @Dependency(\.date.now) var now
  ///   var notes: [Note] = []
  ///   func add() { notes.append(Note(createdAt: now)) }
  /// }
  ///
  /// @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  /// func add() {
  ///   let model = NotesModel()
  ///   model.add()
  ///   #expect(model.notes == [Note(createdAt: Date(timeIntervalSince1970: 0))])
  /// }
  /// ```
  public var date: DateGenerator {
    get {
      let generator = self[DateGeneratorKey.self]
      // Being overridden: a key path write (`.dependency(\.date.now, …)`) reads `now` before
      // it sets it, and that read must not report the generator it replaces.
      if isUpdating { return generator.beingOverridden() }
      return generator.read(at: property?.access.site)
    }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

/// Gives the current date: `date.now` or `date()`.
public struct DateGenerator: Sendable {
  private let generator: BuiltinGenerator<Date>
  /// The `@Dependency` property that read this generator, where an unimplemented `now` is
  /// reported (a property getter cannot take the caller's line).
  private var readSite: StaticSourceLocation?

  /// A generator that calls `generate` for each date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    generator = BuiltinGenerator(generate)
  }

  private init(_ generator: BuiltinGenerator<Date>) {
    self.generator = generator
  }

  /// The current date. Setting it makes this generator always give that date:
  /// `withDependencies { $0.date.now = Date(timeIntervalSince1970: 0) }`.
  public var now: Date {
    get {
      guard let site = readSite else { return callAsFunction() }
      return generator.next(site.fileID, site.filePath, site.line, site.column)
    }
    set { self = .constant(newValue) }
  }

  /// The current date.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Date {
    generator.next(fileID, filePath, line, column)
  }

  /// This generator as read by the `@Dependency` property at `site`: an unimplemented one
  /// remembers it; any other is returned as it is, so the property can keep it.
  func read(at site: StaticSourceLocation?) -> DateGenerator {
    guard let site, generator.isUnimplemented else { return self }
    var read = self
    read.readSite = site
    return read
  }

  /// This generator, reporting nothing if it is unimplemented: it is being overridden.
  func beingOverridden() -> DateGenerator {
    generator.isUnimplemented ? DateGenerator(generator.silenced) : self
  }

  /// The system clock.
  public static let system = DateGenerator { Date() }

  /// Always `date`.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }

  static let unimplemented = DateGenerator(
    BuiltinGenerator(
      unimplemented: UnimplementedBuiltin(
        property: "date", example: ".constant(Date(timeIntervalSince1970: 0))")
    ) { Date() }
  )
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator.system
  static let testValue = DateGenerator.unimplemented
}
