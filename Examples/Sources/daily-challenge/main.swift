// The daily challenge screen in a terminal, on preview dependencies (there is no game server
// for this example): `swift run --package-path Examples daily-challenge --preview`.
import ArgumentParser
import DailyChallengeFeature
import Foundation
import Harness
import HarnessStore

struct DailyChallengeOptions: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "daily-challenge",
      abstract: "Today's challenges and your results, rendered once.",
      discussion: """
        --preview uses the clients' .noop values and immediate schedulers, with sample \
        challenges for the one route the screen asks for, and renders at once.
        """
    )
  }

  @Flag(help: "Run on preview dependencies (required: this example has no game server).")
  var preview = false

  func validate() throws {
    guard preview else {
      throw ValidationError("there is no game server for this example; run it with --preview")
    }
  }
}

_ = DailyChallengeOptions.parseOrExit()
let store = Store(initialState: DailyChallengeFeature.State()) {
  DailyChallengeFeature()
} withDependencies: {
  $0.context = .preview
  $0.apiClient = .noop
  $0.apiClient.override(route: .dailyChallenge(.today(language: .en))) {
    try OK(FetchTodaysDailyChallengeResponse.samples)
  }
  $0.fileClient = .noop
  $0.mainRunLoop = .immediate
  $0.userNotifications = .noop
}
await store.send(.task).finish()
print(renderDailyChallenge(store.state))
