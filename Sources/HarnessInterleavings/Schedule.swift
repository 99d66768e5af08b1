/// An iteration's job order, as a replay string: `"random:2a:17:3a21…"` is the strategy, the
/// base seed (hexadecimal), the iteration (from 1), then each decision as the number of ready
/// jobs and the index of the one that ran, one base-62 digit each (`(12.40)` in decimal when
/// more than 61 jobs were ready).
package struct Schedule: Equatable {
  package struct Decision: Hashable {
    package var readyCount: Int
    package var chosen: Int

    package init(readyCount: Int, chosen: Int) {
      self.readyCount = readyCount
      self.chosen = chosen
    }
  }

  package var strategy: InterleavingStrategy
  package var baseSeed: UInt64
  package var iteration: Int
  package var decisions: [Decision]

  private static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

  package var replayString: String {
    var text = "\(strategy.code):\(String(baseSeed, radix: 16)):\(iteration):"
    for decision in decisions {
      if decision.readyCount < Self.digits.count {
        text.append(Self.digits[decision.readyCount])
        text.append(Self.digits[decision.chosen])
      } else {
        text += "(\(decision.readyCount).\(decision.chosen))"
      }
    }
    return text
  }

  package init(strategy: InterleavingStrategy, baseSeed: UInt64, iteration: Int, decisions: [Decision]) {
    self.strategy = strategy
    self.baseSeed = baseSeed
    self.iteration = iteration
    self.decisions = decisions
  }

  /// Reads a replay string; `nil` when it is not one.
  package init?(replayString: String) {
    let trimmed = replayString.filter { !$0.isWhitespace }
    let parts = trimmed.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count == 4, let strategy = InterleavingStrategy(code: String(parts[0])),
      let seed = UInt64(parts[1], radix: 16), let iteration = Int(parts[2]), iteration >= 1
    else { return nil }
    var decisions: [Decision] = []
    var characters = parts[3][...]
    while let first = characters.first {
      if first == "(" {
        guard let close = characters.firstIndex(of: ")") else { return nil }
        let numbers = characters[characters.index(after: characters.startIndex)..<close].split(separator: ".")
        guard numbers.count == 2, let count = Int(numbers[0]), let chosen = Int(numbers[1]) else { return nil }
        decisions.append(Decision(readyCount: count, chosen: chosen))
        characters = characters[characters.index(after: close)...]
      } else {
        guard characters.count >= 2, let count = Self.digits.firstIndex(of: first),
          let chosen = Self.digits.firstIndex(of: characters[characters.index(after: characters.startIndex)])
        else { return nil }
        decisions.append(Decision(readyCount: count, chosen: chosen))
        characters = characters.dropFirst(2)
      }
    }
    guard decisions.allSatisfy({ $0.readyCount > 1 && $0.chosen < $0.readyCount }) else { return nil }
    self.init(strategy: strategy, baseSeed: seed, iteration: iteration, decisions: decisions)
  }
}
