#if Macros
import SwiftSyntax

/// A stored property of a `@DependencyClient` struct, as the macros see it.
struct Member {
  let declaration: VariableDeclSyntax
  let binding: PatternBindingSyntax
  /// The property's name as written (backticks kept), e.g. `` `default` ``.
  let name: String
  let type: TypeSyntax?
  let defaultValue: ExprSyntax?
  /// The closure type when the property is an endpoint.
  let function: FunctionTypeSyntax?

  /// The stored properties of `group` (static and computed ones are left out).
  static func all(of group: some DeclGroupSyntax) -> [Member] {
    group.memberBlock.members.flatMap { item -> [Member] in
      guard let variable = item.decl.as(VariableDeclSyntax.self) else { return [] }
      return members(of: variable)
    }
  }

  static func members(of variable: VariableDeclSyntax) -> [Member] {
    let isStatic = variable.modifiers.contains { modifier in
      modifier.name.tokenKind == .keyword(.static) || modifier.name.tokenKind == .keyword(.class)
    }
    guard !isStatic else { return [] }
    return variable.bindings.compactMap { binding in
      guard binding.accessorBlock == nil, let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
      else { return nil }
      let type = binding.typeAnnotation?.type
      return Member(
        declaration: variable,
        binding: binding,
        name: pattern.identifier.text,
        type: type,
        defaultValue: binding.initializer?.value,
        function: type.flatMap(functionType(of:))
      )
    }
  }

  /// The name without backticks, as messages show it.
  var plainName: String { name.filter { $0 != "`" } }
  var isLet: Bool { declaration.bindingSpecifier.tokenKind == .keyword(.let) }
  var isAsync: Bool { function?.effectSpecifiers?.asyncSpecifier != nil }
  var isThrowing: Bool { function?.effectSpecifiers?.throwsClause != nil }
  var parameterTypes: [TypeSyntax] { function.map { $0.parameters.map(\.type.trimmed) } ?? [] }

  /// What an endpoint returns when nobody gave it a value: `Void` and optionals have one.
  var returnsVoid: Bool { function.map { isVoid($0.returnClause.type) } ?? false }
  var returnsOptional: Bool { function.map { isOptional($0.returnClause.type) } ?? false }

  /// A closure that does nothing and returns the endpoint's neutral value, when it has one:
  /// `{ _ in }`, `{ _ in nil }`, or for a throwing endpoint `{ _ in throw CancellationError() }`.
  var noopClosure: String? {
    guard function != nil else { return nil }
    let head = closureHead(parameterNames: Array(repeating: "_", count: parameterTypes.count))
    if returnsVoid { return "{\(head) }" }
    if returnsOptional { return "{\(head) nil }" }
    if isThrowing { return "{\(head) throw CancellationError() }" }
    return nil
  }

  /// Whether calls of this endpoint are noted for the dependency usage report: a closure `var`
  /// declared alone (an accessor macro needs one binding) whose arguments can be passed on
  /// (no `inout` or variadic parameter).
  var isRecorded: Bool {
    guard let function, hasStorage else { return false }
    return !function.parameters.contains { $0.ellipsis != nil || $0.inoutKeyword != nil }
  }

  /// Whether `@DependencyEndpoint` makes this property computed over a private stored closure:
  /// a closure `var` declared alone (its accessors need a binding of their own).
  var hasStorage: Bool { function != nil && !isLet && declaration.bindings.count == 1 }

  /// The private stored closure behind an endpoint (see ``hasStorage``).
  var storageName: String { "_stored_\(plainName)" }

  /// The static function that wraps a closure for this endpoint so that calls are noted.
  var recorderName: String { "_recordingCalls_\(plainName)" }

  /// `Self._recordingCalls_fetch(value)` for a recorded endpoint, else `value`.
  func recorded(_ value: String) -> String {
    isRecorded ? "Self.\(recorderName)(\(value))" : value
  }

  /// The type written as an initializer parameter: a closure type escapes.
  var parameterType: String {
    guard let type else { return "" }
    return function == nil ? type.trimmedDescription : "@escaping \(type.trimmedDescription)"
  }
}

extension AttributeListSyntax {
  /// Whether one of the attributes is the macro `name`, spelled alone or module-qualified
  /// (`DependencyClient`, `HarnessMacros.DependencyClient`).
  func contains(named name: String) -> Bool {
    contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return attribute.attributeName.trimmedDescription.hasSuffix(name)
    }
  }
}

/// ` a, b in` for a closure taking those parameters, or nothing for one taking none.
func closureHead(parameterNames: [String]) -> String {
  parameterNames.isEmpty ? "" : " \(parameterNames.joined(separator: ", ")) in"
}

/// The function type inside `type`, looking through attributes (`@Sendable`) and parentheses.
func functionType(of type: TypeSyntax) -> FunctionTypeSyntax? {
  if let function = type.as(FunctionTypeSyntax.self) { return function }
  if let attributed = type.as(AttributedTypeSyntax.self) { return functionType(of: attributed.baseType) }
  if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
    let only = tuple.elements.first, only.firstName == nil
  {
    return functionType(of: only.type)
  }
  return nil
}

func isVoid(_ type: TypeSyntax) -> Bool {
  ["Void", "()", "Swift.Void"].contains(type.trimmedDescription)
}

func isOptional(_ type: TypeSyntax) -> Bool {
  if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
    return true
  }
  if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text == "Optional" }
  if let member = type.as(MemberTypeSyntax.self) { return member.trimmedDescription.hasPrefix("Swift.Optional<") }
  return false
}

/// The access modifier of `modifiers` (`public`, `package`, …) followed by a space, or nothing.
func accessPrefix(_ modifiers: DeclModifierListSyntax) -> String {
  let access: [Keyword] = [.public, .package, .internal, .fileprivate, .private, .open]
  for modifier in modifiers {
    if case .keyword(let keyword) = modifier.name.tokenKind, access.contains(keyword),
      modifier.detail == nil
    {
      // An `open` struct member does not exist; a struct's `open` is a mistake the compiler names.
      return keyword == .open ? "public " : "\(modifier.name.text) "
    }
  }
  return ""
}
#endif
