import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

/// A protocol-typed dependency, and the test double a test overrides it with.
protocol Speaker: Sendable {
  func speak() -> String
}

struct LoudSpeaker: Speaker {
  func speak() -> String { "LOUD" }
}

final class RecordingSpeaker: Speaker {
  let spoken = LockIsolated(0)
  func speak() -> String {
    spoken.withValue { $0 += 1 }
    return "recorded"
  }
}

enum SpeakerKey: DependencyKey {
  static let liveValue: any Speaker = LoudSpeaker()
  static let testValue: any Speaker = LoudSpeaker()
}

extension DependencyValues {
  var speaker: any Speaker {
    get { self[SpeakerKey.self] }
    set { self[SpeakerKey.self] = newValue }
  }
}

/// `@Dependency(_:as:)`: a protocol-typed dependency read as the concrete type a test put there.
@Suite(.dependency(\.speaker, RecordingSpeaker()))
struct DependencyAsTests {
  @Dependency(\.speaker, as: RecordingSpeaker.self) var recorder
  @Dependency(SpeakerKey.self, as: RecordingSpeaker.self) var recorderByKey
  @Dependency(\.speaker) var speaker

  @Test func readsAProtocolTypedDependencyAsItsConcreteType() {
    #expect(speaker.speak() == "recorded")
    #expect(recorder.spoken.value == 1)
    #expect(recorderByKey === recorder)
  }

  @Test func aScopeCurrentAtTheReadStillWins() {
    let other = RecordingSpeaker()
    withDependencies { $0.speaker = other } operation: {
      #expect(recorder === other)
    }
  }

  @Test func aValueOfAnotherTypeIsReportedAndStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withIssueReporters([.runtimeWarning]) {
        withDependencies { $0.speaker = LoudSpeaker() } operation: {
          @Dependency(SpeakerKey.self, as: RecordingSpeaker.self) var recorder
          _ = recorder
        }
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "@Dependency(SpeakerKey.self, as: RecordingSpeaker.self) at HarnessDependenciesTests/DependencyAsTests.swift:"))
    #expect(output.contains("holds a LoudSpeaker, not a RecordingSpeaker."))
  }
}
