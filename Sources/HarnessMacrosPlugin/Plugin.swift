#if Macros
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
#else
/// Without the `Macros` trait the plugin has no swift-syntax and provides no macro: a target
/// cannot leave the package graph, so it stays an (empty) executable.
@main
enum HarnessMacrosPlugin {
  static func main() {}
}
#endif
