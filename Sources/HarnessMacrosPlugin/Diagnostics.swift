#if Macros
import SwiftDiagnostics
import SwiftSyntax

/// What the macros tell their users, each with the fix.
enum ClientDiagnostic: String, DiagnosticMessage {
  case notAStruct
  case letEndpoint
  case missingType
  case noNeutralValue

  var message: String {
    switch self {
    case .notAStruct:
      "'@DependencyClient' applies to a struct of closure properties; a struct is copied, so a test can override one endpoint of it"
    case .letEndpoint:
      "an endpoint of a '@DependencyClient' is a 'var', so that tests and previews can override it"
    case .missingType:
      "an endpoint of a '@DependencyClient' needs a type annotation: the generated initializers take and build values of that type"
    case .noNeutralValue:
      "this endpoint returns a value and cannot throw, so '.noop' and the unimplemented 'init()' have nothing to return: give it a default"
    }
  }

  var diagnosticID: MessageID { MessageID(domain: "HarnessMacros", id: rawValue) }
  var severity: DiagnosticSeverity { .error }
}

struct ClientFixIt: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "HarnessMacros", id: message) }
}

extension Member {
  /// The errors this property causes in a `@DependencyClient`, each with its fix-it.
  func diagnostics() -> [Diagnostic] {
    if isLet {
      let keyword = declaration.bindingSpecifier
      return [
        Diagnostic(
          node: keyword,
          message: ClientDiagnostic.letEndpoint,
          fixIt: FixIt(
            message: ClientFixIt(message: "Replace 'let' with 'var'"),
            changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.var))))]
          )
        )
      ]
    }
    if type == nil {
      let pattern = binding.pattern
      let annotated = binding.with(
        \.typeAnnotation,
        TypeAnnotationSyntax(
          colon: .colonToken(trailingTrivia: .space),
          type: TypeSyntax(stringLiteral: "<#@Sendable () async throws -> Value#>"),
          trailingTrivia: .space
        )
      ).with(\.pattern, pattern.trimmed)
      return [
        Diagnostic(
          node: pattern,
          message: ClientDiagnostic.missingType,
          fixIt: FixIt(
            message: ClientFixIt(message: "Add the endpoint's type"),
            changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(annotated))]
          )
        )
      ]
    }
    if function != nil, defaultValue == nil, noopClosure == nil, let returnType = function?.returnClause.type {
      let names = Array(repeating: "_", count: parameterTypes.count)
      let value = "{\(closureHead(parameterNames: names)) <#\(returnType.trimmedDescription)#> }"
      let withDefault = binding.with(
        \.initializer,
        InitializerClauseSyntax(
          equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space),
          value: ExprSyntax(stringLiteral: value)
        )
      ).with(\.typeAnnotation, binding.typeAnnotation?.trimmed)
      return [
        Diagnostic(
          node: binding.pattern,
          message: ClientDiagnostic.noNeutralValue,
          fixIt: FixIt(
            message: ClientFixIt(message: "Add a default value"),
            changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(withDefault))]
          )
        )
      ]
    }
    return []
  }
}
#endif
