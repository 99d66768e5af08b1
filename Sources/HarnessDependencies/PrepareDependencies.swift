import HarnessIssues

/// Sets the default values of dependencies, for everything that runs afterwards: for an app's
/// entry point.
///
/// <!-- fragment: a SwiftUI app (App, Scene); database and databasePath are yours -->
/// ```swift
/// @main
/// struct TodosApp: App {
///   init() {
///     prepareDependencies { $0.database = .live(path: databasePath) }
///   }
///   …
/// }
/// ```
///
/// Unlike `withDependencies`, it has no scope: it replaces the default values of the process
/// (in a test: of the running test, so a test's `setUp` or suite `init` can call it and the test
/// sees the values). It can set endpoints (`$0[APIClient.self].fetch = { … }`), the context
/// (`$0.context = .live`: later reads use live values, and the values prepared with it are
/// live values), and returns what `prepare` returns.
///
/// Call it before anything reads the dependencies it prepares. Where the new value cannot take
/// effect, that is reported with the reason: a dependency already used keeps its value (except
/// in a preview, whose body runs again: there the new value is for later reads), and one that
/// the scope current here overrides keeps that override (a warning).
@discardableResult
public func prepareDependencies<R>(
  _ prepare: (inout DependencyValues) throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  let site = StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let base = DependencyValues.current
  var values = base
  values.isUpdating = true
  values.isPreparing = true
  let result = try prepare(&values)

  let scope = base.storage.scope ?? DependencyScope.runningTest() ?? DependencyScope.process
  let nodes = preparedNodes(from: values.storage, above: base.storage)
  let contextKey = ObjectIdentifier(DependencyContextKey.self)
  // The context first: the other values are prepared for the context they will be read in
  // (this preparation's context, else the one in effect here).
  var preparedContext: DependencyContext?
  if let node = nodes.last(where: { $0.key == contextKey }) {
    let context = unsafeDowncast(node, to: TypedOverrideNode<DependencyContext>.self).value
    scope.prepare(context: context)
    preparedContext = context
    if let overridden = base.overriddenContext, overridden != context {
      PreparationMessage.contextOverriddenHere(prepared: context, current: overridden, at: site)
    }
  }
  let context = preparedContext ?? base.effectiveContext(in: scope)
  let cache = scope.cache(for: context)
  for node in nodes where node.key != contextKey {
    let key = node.key!
    if context == .preview {
      // A preview runs its body again and prepares again: the new value is for later reads.
      cache.replace(node.makeBox(), for: key)
    } else if !cache.prepare(node.makeBox(), for: key) {
      PreparationMessage.alreadyUsed(node.dependencyName, context: context, at: site)
      continue
    }
    if base.storage.override(for: key) != nil {
      PreparationMessage.overriddenHere(node.dependencyName, at: site)
    }
  }
  return result
}

/// The override nodes `prepare` added above `base`, newest override of each key only, oldest
/// first. (A closure that replaced the values wholesale, `$0 = DependencyValues()`, prepared
/// every override in them.)
private func preparedNodes(
  from storage: DependencyStorage,
  above base: DependencyStorage
) -> [OverrideNode] {
  var nodes: [OverrideNode] = []
  var seen: Set<ObjectIdentifier> = []
  for node in storage.nodes(above: base) {
    if let key = node.key, seen.insert(key).inserted {
      nodes.append(unsafeDowncast(node, to: OverrideNode.self))
    }
  }
  return nodes.reversed()
}

/// What `prepareDependencies` reports.
enum PreparationMessage {
  static func alreadyUsed(_ name: DependencyName, context: DependencyContext, at site: StaticSourceLocation) {
    let inTest = TestContext.current != nil
    let whereUsed = inTest ? "in this test" : "in this process"
    let fix =
      inTest
      ? """
        Prepare dependencies before the test uses them: at the very start of the test, in \
        setUp(), or in the suite's init — or override them for a scope with withDependencies \
        or a test trait.
        """
      : """
        Move prepareDependencies to the very start of the app, before anything reads \
        dependencies: first thing in the @main type's init, or at the top of main.swift.
        """
    reportIssue(
      ReportedIssue(
        message: """
          prepareDependencies cannot change \(name): it was already used \(whereUsed) \
          (context: \(context)), so it keeps the value it had, and this preparation of it is \
          ignored.

          \(fix)
          """,
        location: site.location
      )
    )
  }

  static func contextOverriddenHere(
    prepared: DependencyContext, current: DependencyContext, at site: StaticSourceLocation
  ) {
    reportIssue(
      ReportedIssue(
        message: """
          prepareDependencies set the context to \(prepared), but the scope current here \
          overrides it with \(current) (withDependencies { $0.context = … } or a test trait), \
          so reads here keep using \(current) values; the values prepared with it are \
          \(prepared) values, seen only outside that override.

          Prepare the context outside the override, or override the context there instead.
          """,
        location: site.location
      )
    )
  }

  static func overriddenHere(_ name: DependencyName, at site: StaticSourceLocation) {
    reportIssue(
      ReportedIssue(
        message: """
          prepareDependencies prepared \(name), but the scope current here overrides it \
          (withDependencies or a test trait), so reads here keep that override; the prepared \
          value is only the default underneath it.

          Set it in that override instead (\(name.assignment)), or prepare it outside it.
          """,
        severity: .warning,
        location: site.location
      )
    )
  }
}
