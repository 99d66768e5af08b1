import Foundation
import Harness
import HarnessSchedulers
import HarnessStore

/// The daily challenge screen (from the "Better Test Dependencies: The Point" episode): today's
/// challenges with the player's results, the time left to play them, and whether the game may
/// send a reminder.
public struct DailyChallengeFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var dailyChallenges: [FetchTodaysDailyChallengeResponse]
    /// When the screen appeared, on the main run loop's clock: the time left counts from it.
    public var now: Date?
    public var notificationSettings: UserNotificationClient.Settings?

    public init(
      dailyChallenges: [FetchTodaysDailyChallengeResponse] = [],
      now: Date? = nil,
      notificationSettings: UserNotificationClient.Settings? = nil
    ) {
      self.dailyChallenges = dailyChallenges
      self.now = now
      self.notificationSettings = notificationSettings
    }
  }

  public enum Action: Equatable, Sendable {
    /// The screen appeared.
    case task
    case fetchTodaysDailyChallengeResponse([FetchTodaysDailyChallengeResponse])
    case userNotificationSettingsResponse(UserNotificationClient.Settings)
  }

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.fileClient) var fileClient
  @Dependency(\.mainRunLoop) var mainRunLoop
  @Dependency(\.userNotifications) var userNotifications

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .task:
      state.now = mainRunLoop.now.date
      // One after the other, so that tests receive the answers in a known order. A failed
      // request leaves the list empty (the screen says so); the settings are asked all the same.
      return .run { [apiClient, mainRunLoop, userNotifications] send in
        if let challenges = try? await apiClient.apiRequest(
          route: .dailyChallenge(.today(language: .en)),
          as: [FetchTodaysDailyChallengeResponse].self
        ) {
          // Delivered on the main run loop, as the episode's `.receive(on: mainRunLoop)`.
          await mainRunLoop.hop()
          await send(.fetchTodaysDailyChallengeResponse(challenges))
        }
        await send(.userNotificationSettingsResponse(await userNotifications.getNotificationSettings()))
      }

    case let .fetchTodaysDailyChallengeResponse(challenges):
      state.dailyChallenges = challenges
      return .none

    case let .userNotificationSettingsResponse(settings):
      state.notificationSettings = settings
      return .none
    }
  }
}

extension Scheduler {
  /// Returns on this scheduler's next turn.
  func hop() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      schedule { continuation.resume() }
    }
  }
}

/// The screen as text.
public func renderDailyChallenge(_ state: DailyChallengeFeature.State) -> String {
  var lines = ["Daily challenge"]
  if state.dailyChallenges.isEmpty {
    lines.append("  No challenge today yet.")
  }
  for challenge in state.dailyChallenges {
    let mode = challenge.dailyChallenge.gameMode.rawValue.capitalized
    let result = challenge.yourResult
    let played = result.rank.map { "you ranked #\($0) of \(result.outOf)" + (result.score.map { " with \($0) points" } ?? "") }
    lines.append("  \(mode): " + (played ?? "not played yet; \(result.outOf) players so far"))
  }
  if let now = state.now, let endsAt = state.dailyChallenges.map(\.dailyChallenge.endsAt).min(), endsAt > now {
    let minutes = Int(endsAt.timeIntervalSince(now)) / 60
    lines.append("  Time left: \(minutes / 60)h \(minutes % 60)m")
  }
  switch state.notificationSettings?.authorizationStatus {
  case .authorized?: lines.append("  Reminders: on")
  case .denied?: lines.append("  Reminders: off")
  case .notDetermined?: lines.append("  Reminders: not set up (the game may ask)")
  case nil: break
  }
  return lines.joined(separator: "\n")
}
