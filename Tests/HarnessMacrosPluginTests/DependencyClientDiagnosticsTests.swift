#if Macros
import HarnessMacrosPlugin
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

// Misuse: each error, where it points, and the source after its fix-it. While a client has an
// error nothing is generated (only the endpoint's labelled method), so only the error shows.
final class DependencyClientDiagnosticsTests: XCTestCase {
  func testAClassIsNotAClient() {
    assertDiagnosed(
      """
      @DependencyClient
      class UserClient {
        var fetch: (Int) async throws -> User
      }
      """,
      expanded: """
        class UserClient {
          var fetch: (Int) async throws -> User
        }
        """,
      error: "'@DependencyClient' applies to a struct of closure properties; a struct is copied, so a test can override one endpoint of it",
      at: (1, 1),
      fixIt: "Replace 'class' with 'struct'",
      fixed: """
        @DependencyClient
        struct UserClient {
          var fetch: (Int) async throws -> User
        }
        """
    )
  }

  func testALetEndpointCannotBeOverridden() {
    assertDiagnosed(
      """
      @DependencyClient
      struct UserClient {
        let fetch: (Int) async throws -> User
      }
      """,
      expanded: """
        struct UserClient {
          let fetch: (Int) async throws -> User
        }
        """,
      error: "an endpoint of a '@DependencyClient' is a 'var', so that tests and previews can override it",
      at: (3, 3),
      fixIt: "Replace 'let' with 'var'",
      fixed: """
        @DependencyClient
        struct UserClient {
          var fetch: (Int) async throws -> User
        }
        """
    )
  }

  func testAnEndpointNeedsAType() {
    assertDiagnosed(
      """
      @DependencyClient
      struct UserClient {
        var fetch = { (id: Int) in User(id: id) }
      }
      """,
      expanded: """
        struct UserClient {
          var fetch = { (id: Int) in User(id: id) }
        }
        """,
      error: "an endpoint of a '@DependencyClient' needs a type annotation: the generated initializers take and build values of that type",
      at: (3, 7),
      fixIt: "Add the endpoint's type",
      fixed: """
        @DependencyClient
        struct UserClient {
          var fetch: <#@Sendable () async throws -> Value#> = { (id: Int) in User(id: id) }
        }
        """
    )
  }

  func testAnEndpointWithoutANeutralValueNeedsADefault() {
    assertDiagnosed(
      """
      @DependencyClient
      struct CounterClient {
        var next: @Sendable (_ step: Int) -> Int
      }
      """,
      expanded: """
        struct CounterClient {
          var next: @Sendable (_ step: Int) -> Int {
            @storageRestrictions(initializes: _stored_next)
            init(initialValue) {
              self._stored_next = Self._recordingCalls_next(initialValue)
            }
            get {
              self._stored_next
            }
            set {
              self._stored_next = Self._recordingCalls_next(newValue)
            }
          }

          private var _stored_next: @Sendable (_ step: Int) -> Int

          func next(step: Int) -> Int {
            self.next(step)
          }

          private static func _recordingCalls_next(_ endpoint: @escaping @Sendable (_ step: Int) -> Int) -> @Sendable (_ step: Int) -> Int {
            { p0 in
              HarnessIssues.EndpointCalls.record(Self.self, "next")
              return endpoint(p0)
            }
          }
        }
        """,
      error: "this endpoint returns a value and cannot throw, so '.noop' and the unimplemented 'init()' have nothing to return: give it a default",
      at: (3, 7),
      fixIt: "Add a default value",
      fixed: """
        @DependencyClient
        struct CounterClient {
          var next: @Sendable (_ step: Int) -> Int = { _ in <#Int#> }
        }
        """
    )
  }

  /// Expands `source`, expecting exactly one error at `at` (line, column) with one fix-it, and
  /// `fixed` once that fix-it is applied.
  private func assertDiagnosed(
    _ source: String,
    expanded: String,
    error message: String,
    at position: (line: Int, column: Int),
    fixIt: String,
    fixed: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertMacroExpansion(
      source,
      expandedSource: expanded,
      diagnostics: [
        DiagnosticSpec(
          message: message,
          line: position.line,
          column: position.column,
          fixIts: [FixItSpec(message: fixIt)]
        )
      ],
      macros: ["DependencyClient": DependencyClientMacro.self, "DependencyEndpoint": DependencyEndpointMacro.self],
      fixedSource: fixed,
      indentationWidth: .spaces(2),
      file: file,
      line: line
    )
  }
}
#endif
