import HarnessIssues

/// Sets the default values of dependencies, for everything that runs afterwards: for an app's
/// entry point.
///
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
/// sees the values). Call it before anything reads the dependencies it prepares: a dependency
/// already read keeps its value, and preparing it is reported.
public func prepareDependencies(
  _ prepare: (inout DependencyValues) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  let site = StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let base = DependencyValues.current
  var values = base
  values.isUpdating = true
  try prepare(&values)

  let scope = base.storage.scope ?? DependencyScope.runningTest() ?? DependencyScope.process
  let cache = scope.cache(for: base.effectiveContext)
  for node in preparedNodes(from: values.storage, above: base.storage) {
    if node.key == ObjectIdentifier(DependencyContextKey.self) {
      PreparationMessage.contextCannotBePrepared(at: site)
    } else if !cache.prepare(node.makeBox(), for: node.key!) {
      PreparationMessage.alreadyUsed(node.dependencyName, context: cache.context, at: site)
    }
  }
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

  static func contextCannotBePrepared(at site: StaticSourceLocation) {
    reportIssue(
      ReportedIssue(
        message: """
          prepareDependencies cannot change @Dependency(\\.context): the context decides which \
          values are being prepared. Set the environment variable \
          \(DependencyContext.environmentVariable) (live, preview or test) for the process, or \
          use withDependencies { $0.context = … } operation: { … } for a scope.
          """,
        location: site.location
      )
    )
  }
}
