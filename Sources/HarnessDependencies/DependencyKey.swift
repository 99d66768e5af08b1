import HarnessIssues

/// A key for a dependency that has test and preview values but no live value of its own.
///
/// Use it for a dependency's *interface* module, so that features and their tests never link
/// the live implementation; the app's module adds the live value by conforming the same key to
/// ``DependencyKey``.
///
/// ```swift
/// struct User: Codable, Sendable { var id: Int; var name: String }
///
/// struct APIClient: Sendable {
///   var fetchUser: @Sendable (Int) async throws -> User
/// }
///
/// extension APIClient: TestDependencyKey {
///   static let testValue = APIClient(fetchUser: unimplemented("APIClient.fetchUser"))
/// }
///
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
/// ```
///
/// A key without a live value read in the live context reports an issue that names it, then
/// returns its ``testValue``. Keys are read from any task and thread, so their conformance
/// cannot be isolated to an actor (`SendableMetatype`).
public protocol TestDependencyKey<Value>: SendableMetatype {
  /// The type of the dependency. Defaults to the key itself, so a client type can be its own key.
  associatedtype Value: Sendable = Self

  /// The value used in tests (``DependencyContext/test``).
  ///
  /// Make it one that reports unexpected use, e.g. endpoints built with `unimplemented(_:)`,
  /// so a test that forgets to override the dependency fails with a message naming it.
  static var testValue: Value { get }

  /// The value used in previews (``DependencyContext/preview``). Defaults to ``testValue``.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  public static var previewValue: Value { testValue }

  /// Whether a `testValue` being made now should report that the test did not override it:
  /// `false` while Harness makes the value only to override part of it (`$0.database.path = …`
  /// in `withDependencies` or `prepareDependencies` reads the dependency first), `true`
  /// otherwise. A value made with it `false` is not kept, so the test's first plain read makes
  /// it again, and reports.
  ///
  /// ```swift
  /// import Harness
  ///
  /// struct Database: Sendable { var path: String }
  ///
  /// enum DatabaseKey: TestDependencyKey {
  ///   static var testValue: Database {
  ///     if shouldReportUnimplemented {
  ///       reportIssue("A blank, in-memory database is being used: override \\.database.")
  ///     }
  ///     return Database(path: ":memory:")
  ///   }
  /// }
  /// ```
  public static var shouldReportUnimplemented: Bool {
    guard let read = OverrideRead.current else { return true }
    read.noteAsked()
    return false
  }
}

/// A key for a dependency with a live value: the one a running app uses.
///
/// ```swift
/// import Foundation
/// import Harness
/// #if canImport(FoundationNetworking)
/// import FoundationNetworking   // URLSession on Linux
/// #endif
///
/// struct User: Codable, Sendable { var id: Int; var name: String }
/// struct APIClient: Sendable { var fetchUser: @Sendable (Int) async throws -> User }
///
/// extension APIClient: DependencyKey {
///   static let liveValue = APIClient(fetchUser: { id in
///     let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/users/\(id)")!)
///     return try JSONDecoder().decode(User.self, from: data)
///   })
///   static let testValue = APIClient(fetchUser: unimplemented("APIClient.fetchUser"))
/// }
/// ```
///
/// ``TestDependencyKey/previewValue`` defaults to ``liveValue``. ``TestDependencyKey/testValue``
/// defaults to the preview value *and reports an issue* each time a test gets it: a test must
/// not talk to the real world by accident. Implement `testValue`, or override the dependency in
/// the test.
public protocol DependencyKey<Value>: TestDependencyKey {
  // The associated type and the inherited requirements are restated so that the compiler infers
  // `Value` from `liveValue` alone (https://github.com/swiftlang/swift/issues/61077).
  associatedtype Value: Sendable = Self

  /// The value a running app uses (``DependencyContext/live``).
  static var liveValue: Value { get }

  static var testValue: Value { get }

  static var previewValue: Value { get }
}

extension DependencyKey {
  /// The live value.
  public static var previewValue: Value {
    MissingTestValueProbe.current?.markPreviewValueMissing()
    return liveValue
  }

  /// The preview value (the live value, unless the key has a preview value of its own), after
  /// reporting that a test is using it.
  ///
  /// When Harness resolves the dependency, it reports this with the dependency's name and where
  /// it was read; read directly (`Key.testValue`), it reports a shorter message here.
  public static var testValue: Value {
    if let probe = MissingTestValueProbe.current {
      probe.markUsed()
      return previewValue
    }
    let probe = MissingTestValueProbe()
    let value = MissingTestValueProbe.$current.withValue(probe) { previewValue }
    let kind: MissingValueMessage.Kind =
      probe.hasNoPreviewValue ? .testValue : .testValueFromPreview
    reportIssue(
      MissingValueMessage(kind: kind, keyType: Self.self, valueType: Value.self, read: nil).text
    )
    return value
  }
}
