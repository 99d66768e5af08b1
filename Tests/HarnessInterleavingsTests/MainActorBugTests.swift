import HarnessInterleavings
import HarnessIssues
import HarnessTesting
import Testing

// Planted bugs in main-actor code: each passes a run in the order the jobs became ready, and is
// found by the default exploration, because two main-actor tasks interleave at every `await`.

/// Work of its own off the main actor (a render, a write to disk).
nonisolated func offTheMainActor() async {
  await Task.yield()
}

/// Gives the other main-actor work `turns` chances to go first.
@MainActor func afterOthers(_ turns: Int) async {
  for _ in 0..<turns { await Task.yield() }
}

/// Thumbnails rendered once each, looked up by two screens at the same time.
@MainActor final class Thumbnails {
  private var cache: [Int: String] = [:]
  private var rendering: [Int: Task<String, Never>] = [:]
  private(set) var renders = 0
  let sharesRenders: Bool

  init(sharesRenders: Bool) { self.sharesRenders = sharesRenders }

  func thumbnail(_ id: Int) async -> String {
    if let hit = cache[id] { return hit }
    if sharesRenders {
      // Fixed: a render in flight is awaited, not started again.
      if let inFlight = rendering[id] { return await inFlight.value }
      let render = Task { @MainActor in
        self.renders += 1
        await offTheMainActor()
        return "thumbnail \(id)"
      }
      rendering[id] = render
      let image = await render.value
      cache[id] = image
      rendering[id] = nil
      return image
    }
    // The bug: the check and the store are an `await` apart.
    renders += 1
    await offTheMainActor()
    cache[id] = "thumbnail \(id)"
    return "thumbnail \(id)"
  }
}

/// Two screens ask for the same thumbnail, the second a little later.
@MainActor func twoScreensLookUp(_ thumbnails: Thumbnails) async -> Int {
  let first = Task { @MainActor in await thumbnails.thumbnail(1) }
  let second = Task { @MainActor in
    await afterOthers(4)
    return await thumbnails.thumbnail(1)
  }
  _ = await (first.value, second.value)
  return thumbnails.renders
}

/// A document that saves in the background while the user edits it.
@MainActor final class Document {
  private(set) var text = "draft"
  private(set) var saved: String?
  private(set) var hasUnsavedChanges = true
  let keepsEditsMadeWhileSaving: Bool

  init(keepsEditsMadeWhileSaving: Bool) { self.keepsEditsMadeWhileSaving = keepsEditsMadeWhileSaving }

  func edit(_ newText: String) {
    text = newText
    hasUnsavedChanges = true
  }

  func save() async {
    let snapshot = text
    await offTheMainActor()
    saved = snapshot
    // The bug: an edit made while the save was on its way is marked saved too.
    if !keepsEditsMadeWhileSaving || text == snapshot { hasUnsavedChanges = false }
  }

  /// Whatever the order, what is on screen is saved or marked as not saved.
  var isConsistent: Bool { hasUnsavedChanges || saved == text }
}

@MainActor func saveWhileEditing(_ document: Document) async -> Bool {
  let save = Task { @MainActor in await document.save() }
  let edit = Task { @MainActor in
    await afterOthers(4)
    document.edit("final")
  }
  _ = await (save.value, edit.value)
  return document.isConsistent
}

/// A screen that ticks while it is shown, started when it appears.
@MainActor final class TickingScreen {
  private(set) var ticks = 0
  private(set) var writesAfterDismissal = 0
  private var isShown = true
  private var ticking: Task<Void, Never>?
  let cancelsOnDismiss: Bool

  init(cancelsOnDismiss: Bool) { self.cancelsOnDismiss = cancelsOnDismiss }

  func onAppear() {
    ticking = Task { @MainActor in
      for _ in 1...2 {
        await offTheMainActor()
        if Task.isCancelled { return }
        if !isShown { writesAfterDismissal += 1 }
        ticks += 1
      }
    }
  }

  func dismiss() {
    isShown = false
    // The bug: the task started on appear outlives the screen.
    if cancelsOnDismiss { ticking?.cancel() }
  }

  func waitForTicking() async { await ticking?.value }
}

@MainActor func dismissWhileTicking(_ screen: TickingScreen) async -> Int {
  screen.onAppear()
  let dismissal = Task { @MainActor in
    await afterOthers(3)
    screen.dismiss()
  }
  await dismissal.value
  await screen.waitForTicking()
  return screen.writesAfterDismissal
}

/// The planted main-actor bugs: a name, the fewest preemptions that make each fail, the buggy
/// body and the fixed one.
let mainActorBugs: [(name: String, minimal: Int, buggy: @Sendable () async -> Void, fixed: @Sendable () async -> Void)] = [
  (
    "two screens render the same thumbnail", 1,
    { @MainActor in #expect(await twoScreensLookUp(Thumbnails(sharesRenders: false)) == 1) },
    { @MainActor in #expect(await twoScreensLookUp(Thumbnails(sharesRenders: true)) == 1) }
  ),
  (
    "a save marks an edit made meanwhile as saved", 1,
    { @MainActor in #expect(await saveWhileEditing(Document(keepsEditsMadeWhileSaving: false))) },
    { @MainActor in #expect(await saveWhileEditing(Document(keepsEditsMadeWhileSaving: true))) }
  ),
  (
    // Fails with no preemption at all: the dismissal's turns can all come while a tick is off the main actor.
    "a task started on appear writes after dismissal", 0,
    { @MainActor in #expect(await dismissWhileTicking(TickingScreen(cancelsOnDismiss: false)) == 0) },
    { @MainActor in #expect(await dismissWhileTicking(TickingScreen(cancelsOnDismiss: true)) == 0) }
  ),
]

@Suite struct MainActorBugTests {
  /// Run once in the test's world, in the order the jobs become ready, each bug stays hidden.
  @Test(.dependencies, arguments: mainActorBugs.indices)
  func aPlainRunPasses(bug: Int) async {
    await mainActorBugs[bug].buggy()
  }

  /// The default exploration finds each, shrinks it to its fewest preemptions, and its replay
  /// fails every time, as recorded.
  @Test(arguments: mainActorBugs.indices)
  func eachBugIsFoundShrunkAndReplayedExactly(bug: Int) async throws {
    let (name, minimal, buggy, _) = mainActorBugs[bug]
    let messages = Locked<[String]>([])
    await withExpectedIssue {
      await withInterleavings(100, shrinking: replaysOnly, buggy)
    } matching: { issue in
      messages.withLock { $0.append(issue.message) }
      return issue.message.hasPrefix("Interleaving exploration: iteration")
    }
    let message = try #require(
      messages.withLock { $0.first { $0.hasPrefix("Interleaving exploration") } }, "\(name)")
    #expect(!message.contains(" 0 decisions"), "\(name): \(message)")
    let size = try #require(shrunkSize(in: message), "\(name): \(message)")
    #expect(size.preemptions == minimal, "\(name): \(message)")
    let replay = try #require(replayString(in: message), "\(name)")
    #expect(!replay.hasSuffix(":"), "a replay with decisions: \(replay)")
    for _ in 1...100 {
      await withExpectedIssue {
        await withInterleavings(replay: replay, buggy)
      } matching: { $0.message.contains("failed, as recorded") && !$0.message.contains("not deterministic") }
    }
  }

  /// Each fix passes 1,000 iterations and the complete search up to two preemptions.
  @Test(arguments: mainActorBugs.indices)
  func eachFixHolds(bug: Int) async throws {
    let (name, _, _, fixed) = mainActorBugs[bug]
    await withInterleavings(1_000, fixed)
    let exhaustive = try #require(await withInterleavings(.exhaustive(preemptions: 2), fixed), "\(name)")
    #expect(exhaustive.exhaustive?.isComplete == true, "\(name)")
  }

  /// A failure in a run that made no choice is not given a replay it could not honour.
  @Test func aFailureWithNoChoiceOffersNoReplay() async throws {
    let messages = Locked<[String]>([])
    await withExpectedIssue {
      await withInterleavings(10) { @MainActor in
        #expect(Bool(false), "fails in every order")
      }
    } matching: { issue in
      messages.withLock { $0.append(issue.message) }
      return true
    }
    let message = try #require(messages.withLock { $0.first { $0.hasPrefix("Interleaving exploration") } })
    #expect(message.contains("That run made no choice"))
    #expect(!message.contains("Replay exactly"))
    #expect(!message.contains("No preemption"))
  }
}

/// A `@MainActor` Swift Testing test with no Harness trait explores main-actor code too.
@Test @MainActor func aMainActorTestWithNoTraitExploresMainActorCode() async {
  await withExpectedIssue {
    await withInterleavings(100) { @MainActor in
      MainActor.assertIsolated()
      #expect(await saveWhileEditing(Document(keepsEditsMadeWhileSaving: false)))
    }
  } matching: { $0.message.hasPrefix("Interleaving exploration: iteration") }
  await withInterleavings(200) { @MainActor in
    #expect(await saveWhileEditing(Document(keepsEditsMadeWhileSaving: true)))
  }
}
