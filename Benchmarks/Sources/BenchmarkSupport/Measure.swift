/// One measured scenario: the median and the fastest of several runs, in nanoseconds per run.
public struct Measurement: Sendable {
  public var name: String
  public var medianNanoseconds: Double
  /// The fastest run. Other work on this shared machine only ever adds time to a run, so the
  /// fastest is the closest to the scenario's own cost; targets are judged on it.
  public var fastestNanoseconds: Double

  /// `12.3 µs`, `4.5 ms`: a human-sized figure (the median).
  public var formatted: String { formatDuration(nanoseconds: medianNanoseconds) }

  /// The same figures for one of `count` operations in each run.
  public func perOperation(_ count: Int) -> Measurement {
    Measurement(
      name: name,
      medianNanoseconds: medianNanoseconds / Double(count),
      fastestNanoseconds: fastestNanoseconds / Double(count)
    )
  }
}

/// Runs `body` `runs` times (after one warm-up run) and returns the median and fastest durations.
public func measure(
  _ name: String,
  runs: Int = 7,
  _ body: () async throws -> Void
) async rethrows -> Measurement {
  let clock = ContinuousClock()
  try await body()
  var samples: [Double] = []
  for _ in 0..<runs {
    let elapsed = try await clock.measure { try await body() }
    samples.append(nanoseconds(elapsed))
  }
  return Measurement(name: name, samples: samples)
}

/// Harness and a peer measured in alternation, one run each per round after a warm-up, so that
/// a change in the machine's load (other builds share its cores) hits both sides alike. Each
/// run performs `count` operations; the result is per operation.
public func sideBySide(
  _ harnessName: String,
  _ peerName: String,
  count: Int,
  rounds: Int = 21,
  harness: () async -> Void,
  peer: () async -> Void
) async -> (harness: Measurement, peer: Measurement) {
  // Non-escaping closures cannot go into an array: `alternate` takes them as escaping ones.
  await withoutActuallyEscaping(harness) { harness in
    await withoutActuallyEscaping(peer) { peer in
      let measured = await alternate(
        count: count, rounds: rounds, [(harnessName, harness), (peerName, peer)])
      return (measured[0], measured[1])
    }
  }
}

/// Several scenarios measured in alternation: a warm-up round, then `rounds` rounds that each
/// run every scenario once, in the order given, so a change in the machine's load hits all of
/// them alike. Each run performs `count` operations; the results are per operation, in the
/// order of `scenarios`.
public func alternate(
  count: Int,
  rounds: Int = 21,
  _ scenarios: [(name: String, run: () async -> Void)]
) async -> [Measurement] {
  let clock = ContinuousClock()
  for scenario in scenarios { await scenario.run() }
  var samples = Array(repeating: [Double](), count: scenarios.count)
  for _ in 0..<rounds {
    for (index, scenario) in scenarios.enumerated() {
      samples[index].append(nanoseconds(await clock.measure { await scenario.run() }) / Double(count))
    }
  }
  return zip(scenarios, samples).map { Measurement(name: $0.name, samples: $1) }
}

/// `body` alone and beside what `arrange` sets up, measured in alternation, one run each per
/// round after a warm-up of each: `arrange` is awaited before each run beside, and what it
/// returns undoes it after that run, so that the machine's load hits both sides alike (measured
/// one phase after the other, the ratio of a scenario's fastest runs ranged from 0.4× to 2.2×).
public func aloneAndBeside(
  _ names: (alone: String, beside: String),
  rounds: Int = 9,
  _ body: () async -> Void,
  arrange: () async -> @Sendable () async -> Void
) async -> (alone: Measurement, beside: Measurement) {
  let clock = ContinuousClock()
  var alone: [Double] = []
  var beside: [Double] = []
  for round in 0...rounds {
    let aloneRun = await clock.measure { await body() }
    let undo = await arrange()
    let besideRun = await clock.measure { await body() }
    await undo()
    // Round 0 warms both up.
    if round > 0 {
      alone.append(nanoseconds(aloneRun))
      beside.append(nanoseconds(besideRun))
    }
  }
  return (Measurement(name: names.alone, samples: alone), Measurement(name: names.beside, samples: beside))
}

extension Measurement {
  init(name: String, samples: [Double]) {
    let sorted = samples.sorted()
    self.init(name: name, medianNanoseconds: sorted[sorted.count / 2], fastestNanoseconds: sorted[0])
  }
}

/// Prints Harness's figures beside the peer's with both ratios, and returns the ratio of the
/// fastest runs (peer time / Harness time: above 1 means Harness is faster), on which `target`
/// is judged.
@discardableResult
public func compare(_ harness: Measurement, to peer: Measurement, target: Double? = nil) -> Double {
  let medianRatio = peer.medianNanoseconds / max(harness.medianNanoseconds, 1)
  let ratio = peer.fastestNanoseconds / max(harness.fastestNanoseconds, 1)
  var line = "\(harness.name): \(harness.formatted) vs \(peer.name): \(peer.formatted) (medians) — "
  line += "Harness is \(formatRatio(ratio))× "
  line += ratio >= 1 ? "faster" : "slower (ratio below 1)"
  line += " (fastest runs: \(formatDuration(nanoseconds: harness.fastestNanoseconds)) vs "
  line += "\(formatDuration(nanoseconds: peer.fastestNanoseconds)); medians: \(formatRatio(medianRatio))×)"
  if let target {
    line += ratio >= target ? " [target ≥ \(formatRatio(target))×: met]" : " [target ≥ \(formatRatio(target))×: NOT MET]"
  }
  print(line)
  return ratio
}

/// Prints one figure on its own, e.g. a floor such as a raw closure call.
public func report(_ measurement: Measurement, note: String = "") {
  print("\(measurement.name): \(measurement.formatted)\(note.isEmpty ? "" : " — \(note)")")
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
public func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

public func formatDuration(nanoseconds value: Double) -> String {
  switch value {
  case ..<1_000: return "\(rounded(value)) ns"
  case ..<1_000_000: return "\(rounded(value / 1_000)) µs"
  case ..<1_000_000_000: return "\(rounded(value / 1_000_000)) ms"
  default: return "\(rounded(value / 1_000_000_000)) s"
  }
}

public func formatRatio(_ value: Double) -> String { rounded(value) }

private func rounded(_ value: Double) -> String {
  let scaled = (value * 100).rounded() / 100
  return "\(scaled)"
}
