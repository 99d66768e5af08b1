import DailyChallengeFeature
import Foundation
import Harness
import HarnessSchedulers
import HarnessStore
import HarnessTesting
import Testing

/// "Better Test Dependencies: The Point", retold. The first test is written with every
/// dependency left unimplemented: it fails, and each failure names what the feature used. Then
/// the fewest overrides that the feature really needs make it pass, and each one is needed.
@Suite(.timeLimit(.minutes(1)))
struct DailyChallengeFeatureTests {
  static let epoch = Date(timeIntervalSince1970: 0)
  static let authorized = UserNotificationClient.Settings(authorizationStatus: .authorized)

  /// The overrides the screen needs, each of which a test can leave out.
  enum Override: CaseIterable, Sendable {
    case todaysRoute, immediateRunLoop, notificationSettings

    func apply(to dependencies: inout DependencyValues) {
      switch self {
      case .todaysRoute:
        dependencies.apiClient.override(route: .dailyChallenge(.today(language: .en))) {
          try OK(FetchTodaysDailyChallengeResponse.samples)
        }
      case .immediateRunLoop:
        dependencies.mainRunLoop = .immediate
      case .notificationSettings:
        dependencies.userNotifications.getNotificationSettings = { DailyChallengeFeatureTests.authorized }
      }
    }

    /// What the failure says when this override is missing.
    var missingMessage: String {
      switch self {
      case .todaysRoute: "Unimplemented: 'APIClient.apiRequest'"
      case .immediateRunLoop: "Unimplemented: mainRunLoop.now"
      case .notificationSettings: "Unimplemented: 'UserNotificationClient.getNotificationSettings'"
      }
    }
  }

  func makeStore(
    _ overrides: [Override],
    also extra: (inout DependencyValues) -> Void = { _ in }
  ) -> TestStore<DailyChallengeFeature.State, DailyChallengeFeature.Action> {
    let store = TestStore(initialState: DailyChallengeFeature.State()) {
      DailyChallengeFeature()
    } withDependencies: {
      for override in overrides { override.apply(to: &$0) }
      extra(&$0)
    }
    // A receive that cannot succeed (the settings never come) fails fast.
    store.timeout = .milliseconds(300)
    return store
  }

  /// The passing test: the screen appears, today's challenges and the settings come back.
  func onAppear(_ overrides: [Override]) async {
    await onAppear(makeStore(overrides))
  }

  /// The passing test's steps, on a given store.
  func onAppear(_ store: TestStore<DailyChallengeFeature.State, DailyChallengeFeature.Action>) async {
    await store.send(.task) { $0.now = Self.epoch }
    await store.receive(.fetchTodaysDailyChallengeResponse(FetchTodaysDailyChallengeResponse.samples)) {
      $0.dailyChallenges = FetchTodaysDailyChallengeResponse.samples
    }
    await store.receive(.userNotificationSettingsResponse(Self.authorized)) {
      $0.notificationSettings = Self.authorized
    }
  }

  /// The messages of the issues `body` reports.
  func issues(of body: () async -> Void) async -> [String] {
    let messages = LockIsolated<[String]>([])
    await withExpectedIssue {
      await body()
    } matching: { issue in
      messages.withValue { $0.append(issue.message) }
      return true
    }
    return messages.value
  }

  @Test func theFirstTestWithNothingOverriddenFailsWithExactlyTheExpectedIssues() async {
    let messages = await issues {
      let store = makeStore([])
      await store.send(.task) { $0.now = Self.epoch }
      // The store ends here: what is still running is reported now.
    }
    let firstLines = messages.map { String($0.prefix(while: { $0 != "\n" })) }
    #expect(
      firstLines == [
        "Unimplemented: mainRunLoop.now — an unimplemented scheduler was asked the current time.",
        "Unimplemented: 'APIClient.apiRequest'",
        "Unimplemented: 'UserNotificationClient.getNotificationSettings'",
        "An effect (created at DailyChallengeFeature/DailyChallengeFeature.swift:47) started by this action is still running at the end of the test.",
      ]
    )
    #expect(messages[1].contains("dailyChallenge(DailyChallengeFeature.ServerRoute.DailyChallenge.today(language: DailyChallengeFeature.Language.en))"))
  }

  @Test func theMinimalOverridesMakeItPass() async {
    // fileClient stays unimplemented: showing the screen never touches it.
    await onAppear(Override.allCases)
  }

  /// The same answer in one run: override everything, and the usage report (printed after the
  /// test, checked here before it ends) names what was read and what was not needed.
  @Test(.dependencyUsage)
  func oneRunWithTheUsageReportShowsTheMinimalSet() async {
    await onAppear(makeStore(Override.allCases) { $0.fileClient = .noop })
    let report = DependencyUsageReport.current
    #expect(Set(report?.read ?? []) == ["\\.apiClient", "\\.mainRunLoop", "\\.userNotifications"])
    #expect(report?.unusedOverrides.map(\.name) == ["\\.fileClient"])
    #expect(report?.liveValues == [])
  }

  @Test(arguments: Override.allCases)
  func removingAnyOverrideFailsItAgain(_ removed: Override) async {
    let messages = await issues {
      await onAppear(Override.allCases.filter { $0 != removed })
    }
    #expect(messages.contains { $0.hasPrefix(removed.missingMessage) }, "\(messages)")
    // Nothing else was unimplemented: each failure is about the override left out.
    for other in Override.allCases where other != removed {
      #expect(!messages.contains { $0.hasPrefix(other.missingMessage) })
    }
  }

  @Test func thePreviewRendersAtOnceFromNoopClients() async {
    let store = Store(initialState: DailyChallengeFeature.State()) {
      DailyChallengeFeature()
    } withDependencies: {
      $0.apiClient = .noop
      $0.fileClient = .noop
      $0.mainRunLoop = .immediate
      $0.userNotifications = .noop
    }
    await store.send(.task).finish()
    #expect(
      renderDailyChallenge(store.state) == """
        Daily challenge
          No challenge today yet.
          Reminders: not set up (the game may ask)
        """
    )
  }

  @Test func theScreenAsText() {
    let state = DailyChallengeFeature.State(
      dailyChallenges: FetchTodaysDailyChallengeResponse.samples,
      now: Self.epoch,
      notificationSettings: Self.authorized
    )
    #expect(
      renderDailyChallenge(state) == """
        Daily challenge
          Timed: you ranked #3 of 42 with 1200 points
          Unlimited: not played yet; 17 players so far
          Time left: 20h 15m
          Reminders: on
        """
    )
  }
}
