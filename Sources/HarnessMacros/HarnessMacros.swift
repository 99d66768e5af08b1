// The generated code calls `HarnessIssues.unimplemented`: importing HarnessMacros is enough.
@_exported import HarnessIssues

// Without the Macros trait of Harness (a dependent's `traits: []`) the plugin is not built and
// the module declares no macro: `@DependencyClient` is then an unknown attribute. (An unavailable
// declaration naming the trait would make the compiler warn here that the plugin is missing.)
#if Macros
/// Generates what a dependency client otherwise spells out by hand, on a struct of closure
/// properties (its *endpoints*):
///
/// - `init(endpoint1:endpoint2:…)`, taking every endpoint (the defaults the declaration gives are
///   default arguments);
/// - `init()`, the *unimplemented* value: calling an endpoint reports
///   `Unimplemented: 'Client.endpoint'` with the arguments and where the endpoint is declared,
///   then throws `Unimplemented` (throwing endpoints) or returns the declaration's default,
///   `Void` or `nil`;
/// - `static var noop`: every endpoint does nothing and returns its default, `Void` or `nil`, or
///   throws `CancellationError` (a throwing endpoint);
/// - ``DependencyEndpoint()`` on each endpoint: labelled call sites for named parameters.
///
/// ```swift
/// import HarnessMacros
///
/// struct User: Sendable { var name: String }
///
/// @DependencyClient
/// struct UserClient: Sendable {
///   var fetch: @Sendable (_ id: Int) async throws -> User
///   var count: @Sendable () -> Int = { 0 }
///   var log: @Sendable (String) -> Void
/// }
///
/// func greet(_ client: UserClient) async throws -> String {
///   try await "Hello, \(client.fetch(id: 42).name)"
/// }
/// ```
///
/// A non-throwing endpoint that returns a value needs a default (`= { 0 }`): the unimplemented
/// and `noop` values need something to return. Misuse is an error with a fix-it: a class, enum or
/// actor; a `let` endpoint; an endpoint without a type annotation.
@attached(member, names: named(init), named(noop))
@attached(memberAttribute)
public macro DependencyClient() = #externalMacro(module: "HarnessMacrosPlugin", type: "DependencyClientMacro")

/// Gives a closure property whose parameters are named a method with those labels:
/// `var fetch: (_ id: Int) async throws -> User` is called `client.fetch(id: 42)`, while the
/// property stays a `var` that tests override (`client.fetch = { _ in user }`).
/// ``DependencyClient()`` applies it to every endpoint.
///
/// The property becomes computed over a private stored closure, with an `init` accessor, so
/// initializers (the memberwise one too) still take it (alone with a default, below, it has
/// none). Its calls are listed by the dependency usage report (`.dependencyUsage`): every
/// closure it is given is wrapped so that a call is noted first (one atomic load while no test
/// tracks usage). Endpoints with `inout` or variadic
/// parameters, and endpoints declared together (`var a: () -> Void, b: () -> Void`), are not
/// listed.
///
/// Used alone, in a struct without ``DependencyClient()``, it gives an endpoint declared
/// without a default the unimplemented value `@DependencyClient`'s `init()` would give, when
/// that value has something to return (the endpoint throws, or returns `Void` or an optional):
/// `Client()` then compiles, and calling the endpoint reports `Unimplemented: 'Client.endpoint'`.
/// An endpoint declared with a default (`= { 0 }`) reports too, then answers with the default
/// (throwing endpoints throw `Unimplemented`); the struct's initializers do not take such an
/// endpoint: assign it (`client.count = { 1 }`), in an initializer once the other endpoints are
/// set.
///
/// ```swift
/// import HarnessMacros
///
/// struct AnalyticsClient: Sendable {
///   @DependencyEndpoint
///   var track: @Sendable (_ event: String) -> Void
/// }
///
/// let testValue = AnalyticsClient()  // calling `track` reports the call
/// let live = AnalyticsClient(track: { event in print(event) })
/// ```
@attached(peer, names: overloaded, prefixed(_recordingCalls_), prefixed(_stored_))
@attached(accessor, names: named(init), named(get), named(set))
public macro DependencyEndpoint() = #externalMacro(module: "HarnessMacrosPlugin", type: "DependencyEndpointMacro")
#endif
