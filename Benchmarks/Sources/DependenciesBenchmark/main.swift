// HarnessDependencies side by side with pointfreeco/swift-dependencies 1.17.1, in one process and
// in the same context (live: a plain executable is not a test process for either library).
//
//   swift run -c release --package-path Benchmarks DependenciesBenchmark
//
// Goals (issue 36): a `@Dependency` read at most 2× a bare task-local read and at least 25× faster
// than the peer's; a `withDependencies` scope at least 2.5× faster than the peer's. Each is
// measured in alternating rounds with its floor and its peer. The raw closure call is the floor
// of a call through a dependency.

import BenchmarkSupport
import Dependencies
@_spi(DependencyUsage) import HarnessDependencies
import HarnessIssues

/// The dependency both libraries read: a client with one endpoint.
struct Counter: Sendable {
  var next: @Sendable () -> Int
}

enum HarnessCounterKey: HarnessDependencies.DependencyKey {
  static let liveValue = Counter { 42 }
}

extension HarnessDependencies.DependencyValues {
  var counter: Counter {
    get { self[HarnessCounterKey.self] }
    set { self[HarnessCounterKey.self] = newValue }
  }
}

enum PeerCounterKey: Dependencies.DependencyKey {
  static let liveValue = Counter { 42 }
}

extension Dependencies.DependencyValues {
  var counter: Counter {
    get { self[PeerCounterKey.self] }
    set { self[PeerCounterKey.self] = newValue }
  }
}

/// A feature model, as an app would hold one.
struct HarnessModel {
  @HarnessDependencies.Dependency(\.counter) var counter
}

struct PeerModel {
  @Dependencies.Dependency(\.counter) var counter
}

/// The floors: a task-local holding the value itself, and one holding a list of overrides.
enum Floor {
  @TaskLocal static var counter = Counter { 42 }
  @TaskLocal static var node: FloorNode?
}

final class FloorNode: Sendable {
  let value: Counter
  let parent: FloorNode?
  init(value: Counter, parent: FloorNode?) {
    self.value = value
    self.parent = parent
  }
}

let reads = 200_000
let override = Counter { 7 }
// The two hot paths run short rounds (a few milliseconds), many of them: on a shared machine
// the fastest of many short rounds is the one most likely to have run undisturbed.
let hotPathCount = 20_000
let hotPathRounds = 101

print("DependenciesBenchmark — HarnessDependencies vs swift-dependencies 1.17.1 (live context)")
print("")

// The floor: calling the endpoint directly, no dependency system at all.
let direct = Counter { 42 }
let floor = await measure("raw closure call", runs: 9) {
  for _ in 0..<reads { blackHole(direct.next()) }
}.perOperation(reads)
report(floor, note: "the floor")

// 1. Reading a dependency through the property wrapper of a model created at the root, beside
// its floor: a bare task-local read of the value itself (what a library keeping each dependency
// in a task-local of its own would do; no library can read less).
let harnessModel = HarnessModel()
let peerModel = PeerModel()
let read = await alternate(count: hotPathCount, rounds: hotPathRounds, [
  ("Harness @Dependency read", harnessReads),
  ("floor: @TaskLocal read", floorReads),
  ("peer: swift-dependencies @Dependency read", peerReads),
])
HotPath(
  "@Dependency read, live, outside scopes", harness: read[0],
  floor: read[1], atMostTimesFloor: 2, peer: read[2], atLeastTimesPeer: 25
).print()

// 2. A withDependencies scope overriding one dependency, beside its floor: a task-local push and
// pop of one newly allocated node on top of the current one.
let scope = await alternate(count: hotPathCount, rounds: hotPathRounds, [
  ("Harness withDependencies scope", harnessScopes),
  ("floor: task-local push/pop of one allocated node", floorScopes),
  ("peer: swift-dependencies withDependencies scope", peerScopes),
])
HotPath(
  "withDependencies scope", harness: scope[0], floor: scope[1], peer: scope[2],
  atLeastTimesPeer: 2.5
).print()

// The bodies of the two rows, nonisolated (as library code is): a main-actor closure passed to
// `TaskLocal.withValue` would check its isolation at every call, which is no library's cost.
func harnessReads() {
  for _ in 0..<hotPathCount { blackHole(harnessModel.counter) }
}

func floorReads() {
  for _ in 0..<hotPathCount { blackHole(Floor.counter) }
}

func peerReads() {
  for _ in 0..<hotPathCount { blackHole(peerModel.counter) }
}

func harnessScopes() {
  for _ in 0..<hotPathCount {
    HarnessDependencies.withDependencies {
      $0.counter = override
    } operation: {
      blackHole(0)
    }
  }
}

func floorScopes() {
  for _ in 0..<hotPathCount {
    Floor.$node.withValue(FloorNode(value: override, parent: Floor.node)) { blackHole(0) }
  }
}

func peerScopes() {
  for _ in 0..<hotPathCount {
    Dependencies.withDependencies {
      $0.counter = override
    } operation: {
      blackHole(0)
    }
  }
}

// For context (no targets): reads inside a scope of their own. One that changes something else
// keeps the fixed value; one that overrides the dependency read takes the full lookup.
print("")
let slowReads = reads / 10
let (harnessNestedRead, peerNestedRead) = await sideBySide(
  "Harness @Dependency read inside a scope overriding something else",
  "swift-dependencies @Dependency read inside a scope overriding something else",
  count: slowReads, rounds: 7
) {
  harnessReadsInsideAScopeOverridingSomethingElse()
} peer: {
  Dependencies.withDependencies { $0.context = .live } operation: {
    for _ in 0..<slowReads { blackHole(peerModel.counter) }
  }
}
compare(harnessNestedRead, to: peerNestedRead)

let (harnessOverriddenRead, peerOverriddenRead) = await sideBySide(
  "Harness @Dependency read inside a scope overriding it",
  "swift-dependencies @Dependency read inside a scope overriding it",
  count: slowReads, rounds: 7
) {
  HarnessDependencies.withDependencies { $0.counter = override } operation: {
    for _ in 0..<slowReads { blackHole(harnessModel.counter) }
  }
} peer: {
  Dependencies.withDependencies { $0.counter = override } operation: {
    for _ in 0..<slowReads { blackHole(peerModel.counter) }
  }
}
compare(harnessOverriddenRead, to: peerOverriddenRead)

let (harnessFresh, peerFresh) = await sideBySide(
  "Harness model creation + first read",
  "swift-dependencies model creation + first read",
  count: slowReads, rounds: 7
) {
  for _ in 0..<slowReads { blackHole(HarnessModel().counter) }
} peer: {
  for _ in 0..<slowReads { blackHole(PeerModel().counter) }
}
compare(harnessFresh, to: peerFresh)

let (harnessDirect, peerDirect) = await sideBySide(
  "Harness DependencyValues.current.counter",
  "swift-dependencies DependencyValues._current.counter",
  count: slowReads, rounds: 7
) {
  for _ in 0..<slowReads { blackHole(HarnessDependencies.DependencyValues.current.counter) }
} peer: {
  for _ in 0..<slowReads { blackHole(Dependencies.DependencyValues._current.counter) }
}
compare(harnessDirect, to: peerDirect)

// Dependency usage tracking (issue 20): the `@Dependency` read above, with no tracked scope
// anywhere, beside the same read while another task runs a usage-tracked scope (as a parallel
// test with `.dependencyUsage` would): the read path must not change. Then, for context, the
// read inside a tracked scope, where every read is recorded.
print("")
let (untrackedRead, trackedElsewhereRead) = await sideBySide(
  "Harness @Dependency read, no tracked scope (today's read)",
  "Harness @Dependency read while a tracked scope runs elsewhere",
  count: reads
) {
  for _ in 0..<reads { blackHole(harnessModel.counter) }
} peer: {
  await whileTrackingElsewhere {
    for _ in 0..<reads { blackHole(harnessModel.counter) }
  }
}
compare(untrackedRead, to: trackedElsewhereRead)

let (untrackedSlowRead, trackedRead) = await sideBySide(
  "Harness @Dependency read inside a scope overriding something else",
  "Harness @Dependency read inside a usage-tracked scope (recorded)",
  count: slowReads, rounds: 7
) {
  harnessReadsInsideAScopeOverridingSomethingElse()
} peer: {
  DependencyUsageTracking.run(
    .report, label: "benchmark", output: { _ in }, site: SourceCodeLocation(), { _ in }
  ) {
    for _ in 0..<slowReads { blackHole(harnessModel.counter) }
  }
}
compare(untrackedSlowRead, to: trackedRead)

/// `slowReads` reads of the model's dependency inside a scope that overrides another one.
func harnessReadsInsideAScopeOverridingSomethingElse() {
  HarnessDependencies.withDependencies { $0.context = .live } operation: {
    for _ in 0..<slowReads { blackHole(harnessModel.counter) }
  }
}

/// Runs `body` while another task holds a usage-tracked scope open.
@MainActor func whileTrackingElsewhere(_ body: () -> Void) async {
  let (opened, openedSignal) = AsyncStream<Void>.makeStream()
  let (release, releaseSignal) = AsyncStream<Void>.makeStream()
  let tracker = Task {
    await DependencyUsageTracking.run(
      .report, label: "elsewhere", output: { _ in }, site: SourceCodeLocation(), { _ in }
    ) {
      openedSignal.yield()
      for await _ in release { break }
    }
  }
  for await _ in opened { break }
  body()
  releaseSignal.yield()
  _ = await tracker.result
}

// An endpoint call of a `@DependencyClient` client: the closure `@DependencyEndpoint` wraps every
// endpoint in (written out here, as the macro writes it) beside the raw closure, with no tracked
// scope anywhere. The wrapper's cost is one relaxed atomic load and one more closure call.
print("")
let wrappedNext = direct.next
let recordedEndpoint = Counter {
  EndpointCalls.record(Counter.self, "next")
  return wrappedNext()
}
let (rawEndpoint, recordedCall) = await sideBySide(
  "raw closure call", "endpoint call as @DependencyClient wraps it", count: reads
) {
  for _ in 0..<reads { blackHole(direct.next()) }
} peer: {
  for _ in 0..<reads { blackHole(recordedEndpoint.next()) }
}
compare(rawEndpoint, to: recordedCall)
