import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that `HarnessMacros` declares its macros in.
@main
struct HarnessMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    DependencyClientMacro.self,
    DependencyEndpointMacro.self,
  ]
}
