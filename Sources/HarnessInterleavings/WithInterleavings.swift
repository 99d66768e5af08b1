import HarnessIssues

/// Runs `operation` `iterations` times, each time in a fresh world, with its asynchronous jobs
/// run one at a time in an order drawn from `strategy`: a seeded exploration of the orders in
/// which its tasks can interleave.
///
/// In each iteration the operation runs as the first task of its own world (fresh dependencies,
/// with `.incrementing` UUIDs and seeded random generators started over; clocks, `TestWork` and
/// test stores made inside join it), and every job of it and of the tasks it starts waits for
/// its turn: at each step the strategy picks one of the ready jobs. The first iteration that
/// reports an issue, throws, or stalls (no job ready while the operation has not returned) ends
/// the exploration with one issue: the iteration, the strategy and seed, what went wrong, and a
/// replay string that runs exactly that order again.
///
/// ```swift
/// actor Account {
///   var balance = 100
///   func withdraw(_ amount: Int) async -> Bool {
///     guard balance >= amount else { return false }
///     await Task.yield()            // a fraud check, say: other calls run meanwhile
///     balance -= amount             // acts on a stale check
///     return true
///   }
/// }
///
/// @Test func twoWithdrawalsNeverOverdraw() async {
///   await withInterleavings(100) {
///     let account = Account()
///     async let first = account.withdraw(80)
///     async let second = account.withdraw(80)
///     _ = await (first, second)
///     #expect(await account.balance >= 0)   // fails in some order: the issue says which
///   }
/// }
/// ```
///
/// Under Swift Testing, the `.interleavings(_:strategy:seed:)` trait does the same for a whole
/// test. What is explored, and what is not: the article "Exploring interleavings".
///
/// Before a failure is reported, its schedule is shrunk: Harness replays it with preemptions (a
/// task paused while it could have gone on) taken out and keeps the smallest schedule that still
/// fails. The issue says "Shrunk from N decisions / P preemptions to M / Q", lists the remaining
/// preemptions in words, and its replay string is the shrunk schedule's.
///
/// When it ends, the exploration prints a report of what it explored (iterations, distinct
/// schedules, decisions and tasks per iteration, seeds), and returns it; if no iteration had a
/// choice to make, it also reports a warning saying why that usually happens. With the
/// `HARNESS_INTERLEAVINGS_SHARD=i/n` environment variable it runs shard *i* of *n* disjoint
/// parts of its iterations (see the article's "Across machines").
///
/// - Parameters:
///   - iterations: How many orders to try (each a fresh run).
///   - strategy: How the next job is picked: ``InterleavingStrategy/random`` (the default) or
///     ``InterleavingStrategy/pct(depth:)``.
///   - seed: The base seed; iteration *i* draws from a seed derived from it and *i*. By default a
///     fixed seed (so CI is repeatable) shifted by the `HARNESS_INTERLEAVINGS_SEED` environment
///     variable, for longer exploration jobs that try other orders.
///   - maxSteps: The step bound: how many jobs one iteration may run before it counts as not
///     returning (a task spinning on `Task.yield()`), which fails it with its replay string.
///   - shrinking: How much a failure may spend looking for a smaller failing schedule (fewer
///     preemptions, then fewer decisions) before it is reported: by default 200 replays or 10
///     seconds; ``ShrinkBudget/off`` reports the failing iteration as it ran.
///   - operation: The code to explore, `@MainActor` or not: main-actor jobs of its tasks are
///     choices like other jobs, run one at a time on the main queue.
/// - Returns: The report of what was explored; `nil` when the arguments allowed no exploration
///   (that is reported).
@discardableResult
public func withInterleavings<Failure: Error>(
  _ iterations: Int,
  strategy: InterleavingStrategy = .random,
  seed: UInt64? = nil,
  maxSteps: Int = 100_000,
  shrinking: ShrinkBudget = .default,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ operation: @escaping @Sendable () async throws(Failure) -> Void
) async throws(Failure) -> InterleavingReport? {
  await InterleavingExplorer(
    location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    maxSteps: maxSteps, shrinkBudget: shrinking
  ).explore(.iterations(iterations), strategies: [strategy], seed: seed) { try await operation() }
}

/// Explores `operation` as ``withInterleavings(_:strategy:seed:maxSteps:shrinking:fileID:filePath:line:column:_:)``
/// does, for a time budget instead of a count: iterations start until `duration` has passed (at
/// least one per strategy), `strategies` taking turns (by default ``InterleavingStrategy/portfolio``:
/// random, then PCT of depths 2 and 3). The report says how many iterations each strategy ran;
/// a failing iteration's replay string names its strategy, so it replays exactly.
///
/// <!-- fragment: the explored body is elided -->
/// ```swift
/// await withInterleavings(for: .seconds(60)) { … }   // a nightly job: a minute of orders
/// ```
///
/// How many iterations fit depends on the machine, so two runs explore different amounts; each
/// iteration's order still depends only on the seed and its number.
@discardableResult
public func withInterleavings<Failure: Error>(
  for duration: Duration,
  strategies: [InterleavingStrategy] = InterleavingStrategy.portfolio,
  seed: UInt64? = nil,
  maxSteps: Int = 100_000,
  shrinking: ShrinkBudget = .default,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ operation: @escaping @Sendable () async throws(Failure) -> Void
) async throws(Failure) -> InterleavingReport? {
  await InterleavingExplorer(
    location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    maxSteps: maxSteps, shrinkBudget: shrinking
  ).explore(.duration(duration), strategies: strategies, seed: seed) { try await operation() }
}

/// Explores every schedule of `operation` with at most `mode.preemptions` preemptions, fewer
/// preemptions first (iterative context bounding), skipping schedules that only reorder
/// independent jobs: `withInterleavings(.exhaustive(preemptions: 2)) { … }`.
///
/// For a small model (a few tasks, a few awaits each) this finishes, and the report ends with
/// "complete: N schedules explored (M pruned)": no schedule within the bound fails, up to
/// reorderings of jobs that touch no common actor or task (the article "Exploring
/// interleavings" says what Harness can and cannot see). The first failing schedule ends it,
/// shrunk and reported with its replay string. Past `mode.maxSchedules` runs it stops and the
/// report says it is not complete.
///
/// <!-- fragment: Account is the actor of the example above -->
/// ```swift
/// @Test func withdrawalsNeverOverdraw() async {
///   await withInterleavings(.exhaustive(preemptions: 2)) {
///     let account = Account()
///     async let first = account.withdraw(80)
///     async let second = account.withdraw(80)
///     _ = await (first, second)
///     #expect(await account.balance >= 0)
///   }
/// }
/// ```
@discardableResult
public func withInterleavings<Failure: Error>(
  _ mode: ExhaustiveExploration,
  maxSteps: Int = 100_000,
  shrinking: ShrinkBudget = .default,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ operation: @escaping @Sendable () async throws(Failure) -> Void
) async throws(Failure) -> InterleavingReport? {
  await InterleavingExplorer(
    location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    maxSteps: maxSteps, shrinkBudget: shrinking
  ).exploreExhaustively(mode) { try await operation() }
}

/// Runs `operation` once, with its jobs in exactly the order a failed exploration recorded in
/// `replay` (the string its issue printed). If the code changed so that the recorded order no
/// longer fits, that is reported instead of running a different order silently. `maxSteps`
/// bounds its jobs as for an exploration.
public func withInterleavings<Failure: Error>(
  replay: String,
  maxSteps: Int = 100_000,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ operation: @escaping @Sendable () async throws(Failure) -> Void
) async throws(Failure) {
  await InterleavingExplorer(
    location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    maxSteps: maxSteps
  ).replay(replay) { try await operation() }
}
