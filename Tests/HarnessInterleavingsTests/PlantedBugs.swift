import HarnessIssues

// Code with the async races interleaving exploration exists to find, each beside its fix. The
// tests in PlantedBugTests explore both.

/// A nonisolated step that suspends: a fraud check, a network call. Other jobs run meanwhile.
func suspendingCheck() async {
  await Task.yield()
}

/// Checks the balance, awaits a fraud check, then subtracts: two withdrawals can both pass the
/// check (actor reentrancy: the check is stale after the `await`).
actor ReentrantAccount {
  private(set) var balance: Int

  init(balance: Int) { self.balance = balance }

  func withdraw(_ amount: Int) async -> Bool {
    guard balance >= amount else { return false }
    await suspendingCheck()
    balance -= amount
    return true
  }
}

/// The fix: the check and the subtraction happen with no suspension between them.
actor SafeAccount {
  private(set) var balance: Int

  init(balance: Int) { self.balance = balance }

  func withdraw(_ amount: Int) async -> Bool {
    await suspendingCheck()
    guard balance >= amount else { return false }
    balance -= amount
    return true
  }
}

/// Two withdrawals of 80 at once from an account of 100: how many succeeded, and the balance.
func twoWithdrawals(fixed: Bool) async -> (succeeded: Int, balance: Int) {
  if fixed {
    let account = SafeAccount(balance: 100)
    async let first = account.withdraw(80)
    async let second = account.withdraw(80)
    let results = await [first, second]
    return (results.filter { $0 }.count, await account.balance)
  }
  let account = ReentrantAccount(balance: 100)
  async let first = account.withdraw(80)
  async let second = account.withdraw(80)
  let results = await [first, second]
  return (results.filter { $0 }.count, await account.balance)
}

/// Reads, awaits, writes back: two concurrent increments can lose one.
actor Counter {
  private(set) var value = 0

  func read() -> Int { value }
  func write(_ newValue: Int) { value = newValue }
  func increment() { value += 1 }
}

func lostUpdateIncrement(_ counter: Counter) async {
  let value = await counter.read()
  await suspendingCheck()
  await counter.write(value + 1)
}

func atomicIncrement(_ counter: Counter) async {
  await suspendingCheck()
  await counter.increment()
}

/// Two increments at once, each with `increment`: the counter's value after both.
func twoIncrements(_ increment: @escaping @Sendable (Counter) async -> Void) async -> Int {
  let counter = Counter()
  await withTaskGroup(of: Void.self) { group in
    group.addTask { await increment(counter) }
    group.addTask { await increment(counter) }
  }
  return await counter.value
}

/// Records side effects that must not happen after cancellation.
final class SideEffects: Sendable {
  private let log = Locked<[String]>([])
  func record(_ entry: String) { log.withLock { $0.append(entry) } }
  var entries: [String] { log.withLock { $0 } }
}

/// Checks cancellation, awaits, then acts: a cancel that lands between the two is ignored.
func sendUnlessCancelled(_ effects: SideEffects) async {
  guard !Task.isCancelled else { return }
  await suspendingCheck()
  effects.record("sent")
}

/// The fix: check right before the side effect, with no suspension between.
func sendUnlessCancelledFixed(_ effects: SideEffects) async {
  await suspendingCheck()
  guard !Task.isCancelled else { return }
  effects.record("sent")
}

/// Starts `send` in a task, lets it run to its first suspension or not, then cancels it: the log
/// of the cancel and of what was sent, in order.
func cancelWhileSending(_ send: @escaping @Sendable (SideEffects) async -> Void) async -> [String] {
  let effects = SideEffects()
  let task = Task { await send(effects) }
  await Task.yield()
  effects.record("cancel")
  task.cancel()
  await task.value
  return effects.entries
}
