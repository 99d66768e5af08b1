import HarnessMacrosPlugin
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

// Misuse: each error, where it points, and the source after its fix-it.
final class DependencyClientDiagnosticsTests: XCTestCase {
  let macros: [String: any Macro.Type] = [
    "DependencyClient": DependencyClientMacro.self,
    "DependencyEndpoint": DependencyEndpointMacro.self,
  ]

  func testAClassIsNotAClient() {
    assertMacroExpansion(
      """
      @DependencyClient
      class UserClient {
        var fetch: (Int) async throws -> User
      }
      """,
      expandedSource: """
        class UserClient {
          var fetch: (Int) async throws -> User
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@DependencyClient' applies to a struct of closure properties; a struct is copied, so a test can override one endpoint of it",
          line: 1,
          column: 1,
          fixIts: [FixItSpec(message: "Replace 'class' with 'struct'")]
        )
      ],
      macros: macros,
      fixedSource: """
        @DependencyClient
        struct UserClient {
          var fetch: (Int) async throws -> User
        }
        """,
      indentationWidth: .spaces(2)
    )
  }

  func testALetEndpointCannotBeOverridden() {
    assertMacroExpansion(
      """
      @DependencyClient
      struct UserClient {
        let fetch: (Int) async throws -> User
      }
      """,
      expandedSource: """
        struct UserClient {
          let fetch: (Int) async throws -> User
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "an endpoint of a '@DependencyClient' is a 'var', so that tests and previews can override it",
          line: 3,
          column: 3,
          fixIts: [FixItSpec(message: "Replace 'let' with 'var'")]
        )
      ],
      macros: macros,
      fixedSource: """
        @DependencyClient
        struct UserClient {
          var fetch: (Int) async throws -> User
        }
        """,
      indentationWidth: .spaces(2)
    )
  }

  func testAnEndpointNeedsAType() {
    assertMacroExpansion(
      """
      @DependencyClient
      struct UserClient {
        var fetch = { (id: Int) in User(id: id) }
      }
      """,
      expandedSource: """
        struct UserClient {
          var fetch = { (id: Int) in User(id: id) }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "an endpoint of a '@DependencyClient' needs a type annotation: the generated initializers take and build values of that type",
          line: 3,
          column: 7,
          fixIts: [FixItSpec(message: "Add the endpoint's type")]
        )
      ],
      macros: macros,
      fixedSource: """
        @DependencyClient
        struct UserClient {
          var fetch: <#@Sendable () async throws -> Value#> = { (id: Int) in User(id: id) }
        }
        """,
      indentationWidth: .spaces(2)
    )
  }

  func testAnEndpointWithoutANeutralValueNeedsADefault() {
    assertMacroExpansion(
      """
      @DependencyClient
      struct CounterClient {
        var next: @Sendable (_ step: Int) -> Int
      }
      """,
      expandedSource: """
        struct CounterClient {
          var next: @Sendable (_ step: Int) -> Int

          func next(step: Int) -> Int {
            self.next(step)
          }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "this endpoint returns a value and cannot throw, so '.noop' and the unimplemented 'init()' have nothing to return: give it a default",
          line: 3,
          column: 7,
          fixIts: [FixItSpec(message: "Add a default value")]
        )
      ],
      macros: macros,
      fixedSource: """
        @DependencyClient
        struct CounterClient {
          var next: @Sendable (_ step: Int) -> Int = { _ in <#Int#> }
        }
        """,
      indentationWidth: .spaces(2)
    )
  }
}
