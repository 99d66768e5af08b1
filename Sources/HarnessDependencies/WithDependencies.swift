/// Runs `operation` with the dependencies changed by `update`.
///
/// The change holds for everything `operation` does: objects it creates keep it (their
/// `@Dependency` properties capture it), and so do the tasks it starts with `Task {}`, task
/// groups and `async let`.
///
/// ```swift
/// final class TodosModel {
///   @Dependency(\.uuid) var uuid
///   @Dependency(\.date.now) var now
/// }
///
/// let model = withDependencies {
///   $0.uuid = .incrementing
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
/// } operation: {
///   TodosModel()
/// }
/// ```
///
/// Reading a dependency inside `update` (`$0.apiClient.fetch = { … }` reads `apiClient` first)
/// reports nothing even if the dependency has no value for this context: it is being overridden.
///
/// An object the operation returns keeps these values for `withDependencies(from:)`, even if it
/// has no `@Dependency` property of its own.
@inlinable
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  // Inlinable: the caller's `update` then sets its overrides without generic indirection.
  var values = DependencyValues.current
  // Kept only inside a usage-tracked test: otherwise holding it costs a retain on every scope.
  let before = values.storage.mayTrackUsage ? values.storage : nil
  values.isUpdating = true
  try update(&values)
  if let before {
    DependencyUsageRecorder.noteOverrides(
      values.storage, above: before,
      site: StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
  let result = try DependencyStorage.local.withValue(values.storage, operation: operation)
  if R.self is AnyClass { rememberValues(of: result, storage: values.storage) }
  return result
}

/// Runs async `operation` with the dependencies changed by `update`, on the caller's actor.
/// See the synchronous overload.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  let site = StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return try await withUpdated(DependencyValues.current, site: site, isolation: isolation, update) {
    let result = try await operation()
    rememberValues(of: result, storage: DependencyStorage.current)
    return result
  }
}

/// Runs `operation` with the dependencies of `parent` (as its `@Dependency` properties captured
/// them), changed by `update`: how a parent model creates a child that keeps the parent's
/// overrides.
///
/// ```swift
/// final class AddItemModel {
///   @Dependency(\.uuid) var uuid
/// }
///
/// final class ListModel {
///   @Dependency(\.uuid) var uuid
///   var destination: AddItemModel?
///
///   func addButtonTapped() {
///     destination = withDependencies(from: self) {
///       AddItemModel()
///     }
///   }
/// }
/// ```
///
/// Precedence: `update` wins over everything; then overrides current here that were set after
/// `parent` was made (a `withDependencies` around this call); then the parent's values, which
/// already hold what enclosing scopes (a test trait, `invokeTest`) set before the parent was
/// made. An object returned by the operation that has no `@Dependency` property keeps these
/// values for its own children. A parent with neither has nothing to pass on: that is reported.
@discardableResult
public func withDependencies<Parent, R>(
  from parent: Parent,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  let site = StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let inherited = DependencyValues.current.inheriting(from: parent, at: site)
  return try withUpdated(inherited, site: site, update) {
    let result = try operation()
    rememberValues(of: result, storage: DependencyStorage.current)
    return result
  }
}

/// Runs async `operation` with the dependencies of `parent`, changed by `update`, on the
/// caller's actor. See the synchronous overload.
@discardableResult
public func withDependencies<Parent, R>(
  from parent: Parent,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  let site = StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let inherited = DependencyValues.current.inheriting(from: parent, at: site)
  return try await withUpdated(inherited, site: site, isolation: isolation, update) {
    let result = try await operation()
    rememberValues(of: result, storage: DependencyStorage.current)
    return result
  }
}

/// Runs `operation` with the dependencies of `parent`. See the overload with `update`.
@discardableResult
public func withDependencies<Parent, R>(
  from parent: Parent,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  try withDependencies(
    from: parent, { _ in }, operation: operation,
    fileID: fileID, filePath: filePath, line: line, column: column
  )
}

/// Runs async `operation` with the dependencies of `parent`, on the caller's actor. See the
/// overload with `update`.
@discardableResult
public func withDependencies<Parent, R>(
  from parent: Parent,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  try await withDependencies(
    from: parent, isolation: isolation, { _ in }, operation: operation,
    fileID: fileID, filePath: filePath, line: line, column: column
  )
}

/// Runs `operation` with `values`, changed by `update`, as the current dependencies.
func withUpdated<R>(
  _ values: DependencyValues,
  site: StaticSourceLocation?,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  let before = values.storage.mayTrackUsage ? values.storage : nil
  var values = values
  values.isUpdating = true
  try update(&values)
  if let before {
    DependencyUsageRecorder.noteOverrides(values.storage, above: before, site: site)
  }
  return try DependencyStorage.local.withValue(values.storage, operation: operation)
}

/// Runs async `operation` with `values`, changed by `update`, as the current dependencies.
func withUpdated<R>(
  _ values: DependencyValues,
  site: StaticSourceLocation?,
  isolation: isolated (any Actor)?,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  let before = values.storage
  var values = values
  values.isUpdating = true
  try await update(&values)
  if DependencyUsageRecorder.isActive {
    DependencyUsageRecorder.noteOverrides(values.storage, above: before, site: site)
  }
  return try await DependencyStorage.local.withValue(
    values.storage, operation: operation, isolation: isolation
  )
}

/// Remembers the values an object was made with (see ``ObjectsMadeWithDependencies``).
@usableFromInline
func rememberValues<R>(of result: R, storage: DependencyStorage) {
  // Only a concrete class type passes, whose value is one object reference: converted without
  // the runtime's generic bridging.
  guard R.self is AnyClass else { return }
  ObjectsMadeWithDependencies.remember(unsafeBitCast(result, to: AnyObject.self), storage: storage)
}
