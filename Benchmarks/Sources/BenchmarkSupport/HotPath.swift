/// One hot path measured against what bounds it (issue 36): Harness, its floor (the least work
/// the path can do, e.g. a bare task-local read) and its peer, from the same alternating rounds.
/// Goals are judged on the fastest rounds (load only ever adds time); medians are shown beside.
public struct HotPath {
  public var title: String
  public var harness: Measurement
  public var floor: Measurement?
  public var peer: Measurement?
  /// Harness may take at most this many times the floor.
  public var atMostTimesFloor: Double?
  /// The peer must take at least this many times Harness.
  public var atLeastTimesPeer: Double?

  public init(
    _ title: String,
    harness: Measurement,
    floor: Measurement? = nil,
    atMostTimesFloor: Double? = nil,
    peer: Measurement? = nil,
    atLeastTimesPeer: Double? = nil
  ) {
    self.title = title
    self.harness = harness
    self.floor = floor
    self.peer = peer
    self.atMostTimesFloor = atMostTimesFloor
    self.atLeastTimesPeer = atLeastTimesPeer
  }

  /// Whether every goal is met on the fastest rounds.
  public var meetsGoals: Bool {
    floorRatio.map { ratio in atMostTimesFloor.map { ratio.fastest <= $0 } ?? true } ?? true
      && peerRatio.map { ratio in atLeastTimesPeer.map { ratio.fastest >= $0 } ?? true } ?? true
  }

  /// Harness / floor (lower is better).
  public var floorRatio: (fastest: Double, median: Double)? {
    floor.map { floor in
      (
        harness.fastestNanoseconds / max(floor.fastestNanoseconds, 0.001),
        harness.medianNanoseconds / max(floor.medianNanoseconds, 0.001)
      )
    }
  }

  /// Peer / Harness (higher is better: how many times faster Harness is).
  public var peerRatio: (fastest: Double, median: Double)? {
    peer.map { peer in
      (
        peer.fastestNanoseconds / max(harness.fastestNanoseconds, 0.001),
        peer.medianNanoseconds / max(harness.medianNanoseconds, 0.001)
      )
    }
  }

  /// Prints the three figures and both ratios, one per line.
  public func print() {
    var lines = ["[\(title)]"]
    for measurement in [harness, floor, peer].compactMap({ $0 }) {
      lines.append(
        "  \(measurement.name): fastest \(formatDuration(nanoseconds: measurement.fastestNanoseconds)), "
          + "median \(formatDuration(nanoseconds: measurement.medianNanoseconds))")
    }
    if let (fastest, median) = floorRatio {
      var line = "  Harness / floor: \(formatRatio(fastest))× fastest, \(formatRatio(median))× median"
      if let goal = atMostTimesFloor {
        line += " [goal ≤ \(formatRatio(goal))×: \(fastest <= goal ? "met" : "NOT MET")]"
      }
      lines.append(line)
    }
    if let (fastest, median) = peerRatio {
      var line = "  peer / Harness: \(formatRatio(fastest))× fastest, \(formatRatio(median))× median"
      if let goal = atLeastTimesPeer {
        line += " [goal ≥ \(formatRatio(goal))×: \(fastest >= goal ? "met" : "NOT MET")]"
      }
      lines.append(line)
    }
    Swift.print(lines.joined(separator: "\n"))
  }
}
