import Foundation

/// The languages the game's dictionary comes in.
public enum Language: String, Codable, Equatable, Sendable {
  case en
}

/// How a daily challenge is played.
public enum GameMode: String, Codable, Equatable, Sendable, CaseIterable {
  /// Three minutes.
  case timed
  /// As long as it takes.
  case unlimited
}

/// Today's challenge in one game mode, and how the player did.
public struct FetchTodaysDailyChallengeResponse: Codable, Equatable, Sendable {
  public struct DailyChallenge: Codable, Equatable, Sendable {
    public var id: Int
    public var endsAt: Date
    public var gameMode: GameMode
    public var language: Language

    public init(id: Int, endsAt: Date, gameMode: GameMode, language: Language) {
      self.id = id
      self.endsAt = endsAt
      self.gameMode = gameMode
      self.language = language
    }
  }

  public struct Result: Codable, Equatable, Sendable {
    /// How many players played it.
    public var outOf: Int
    /// The player's rank and score, once played.
    public var rank: Int?
    public var score: Int?

    public init(outOf: Int, rank: Int? = nil, score: Int? = nil) {
      self.outOf = outOf
      self.rank = rank
      self.score = score
    }
  }

  public var dailyChallenge: DailyChallenge
  public var yourResult: Result

  public init(dailyChallenge: DailyChallenge, yourResult: Result) {
    self.dailyChallenge = dailyChallenge
    self.yourResult = yourResult
  }
}

extension FetchTodaysDailyChallengeResponse {
  /// A timed challenge the player finished 3rd of 42, and an unlimited one not played yet; both
  /// end 20h15m after the immediate run loop's `now` (1970-01-01).
  public static let samples = [
    FetchTodaysDailyChallengeResponse(
      dailyChallenge: DailyChallenge(
        id: 1, endsAt: Date(timeIntervalSince1970: 3_600 * 20 + 60 * 15), gameMode: .timed, language: .en),
      yourResult: Result(outOf: 42, rank: 3, score: 1_200)
    ),
    FetchTodaysDailyChallengeResponse(
      dailyChallenge: DailyChallenge(
        id: 2, endsAt: Date(timeIntervalSince1970: 3_600 * 20 + 60 * 15), gameMode: .unlimited, language: .en),
      yourResult: Result(outOf: 17)
    ),
  ]
}
