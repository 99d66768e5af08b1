/// One measured scenario: the median of several runs, in nanoseconds per run.
public struct Measurement: Sendable {
  public var name: String
  public var medianNanoseconds: Double

  /// `12.3 µs`, `4.5 ms`: a human-sized figure.
  public var formatted: String { formatDuration(nanoseconds: medianNanoseconds) }
}

/// Runs `body` `runs` times (after one warm-up run) and returns the median duration.
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
  samples.sort()
  return Measurement(name: name, medianNanoseconds: samples[samples.count / 2])
}

/// Prints Harness's figure beside the peer's and the ratio, and returns the ratio
/// (peer time / Harness time: above 1 means Harness is faster).
@discardableResult
public func compare(_ harness: Measurement, to peer: Measurement, target: Double? = nil) -> Double {
  let ratio = peer.medianNanoseconds / max(harness.medianNanoseconds, 1)
  var line = "\(harness.name): \(harness.formatted) vs \(peer.name): \(peer.formatted) — "
  line += "Harness is \(formatRatio(ratio))× "
  line += ratio >= 1 ? "faster" : "slower (ratio below 1)"
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

func formatDuration(nanoseconds value: Double) -> String {
  switch value {
  case ..<1_000: return "\(rounded(value)) ns"
  case ..<1_000_000: return "\(rounded(value / 1_000)) µs"
  case ..<1_000_000_000: return "\(rounded(value / 1_000_000)) ms"
  default: return "\(rounded(value / 1_000_000_000)) s"
  }
}

func formatRatio(_ value: Double) -> String { rounded(value) }

private func rounded(_ value: Double) -> String {
  let scaled = (value * 100).rounded() / 100
  return "\(scaled)"
}
