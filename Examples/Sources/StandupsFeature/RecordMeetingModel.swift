import Foundation
import Harness
import Observation

/// A meeting in progress: a one-second timer on the `continuousClock` dependency, the current
/// speaker and the time left, and a transcript from the `speechClient`.
///
/// The parent learns that the meeting ended (on time, or early and saved) through
/// ``onMeetingFinished``, with the transcript; a parent that forgets to set it fails its tests.
@MainActor
@Observable
public final class RecordMeetingModel {
  /// What the meeting screen asks.
  public enum Alert: Equatable, Sendable {
    /// End the meeting before its time; `isDiscardable` offers to drop it instead of saving.
    case endMeeting(isDiscardable: Bool)
    /// The speech recognizer failed: go on without a transcript, or discard the meeting.
    case speechRecognizerFailed
  }

  /// An answer to ``alert``.
  public enum AlertAction: Equatable, Sendable {
    case confirmSave
    case confirmDiscard
    case resume
  }

  public let standup: Standup
  public private(set) var secondsElapsed = 0
  public private(set) var speakerIndex = 0
  public private(set) var transcript = ""
  public private(set) var alert: Alert?
  /// The meeting is over (ended, saved or discarded): the screen goes away.
  public private(set) var isDismissed = false
  /// Speech recognition is not available: the meeting goes on without a transcript.
  public private(set) var transcriptionUnavailable: String?

  /// Called once when the meeting ends and is kept, with its transcript.
  @ObservationIgnored
  public var onMeetingFinished: @MainActor (String) -> Void = unimplemented("RecordMeetingModel.onMeetingFinished")

  @ObservationIgnored @Dependency(\.continuousClock) private var clock
  @ObservationIgnored @Dependency(\.speechClient) private var speechClient

  public init(standup: Standup) {
    self.standup = standup
  }

  /// Each speaker's share, in seconds.
  public var secondsPerAttendee: Int { Int(standup.durationPerAttendee.components.seconds) }

  /// The meeting's length in seconds.
  public var totalSeconds: Int { secondsPerAttendee * standup.attendees.count }

  /// Seconds left in the whole meeting.
  public var secondsRemaining: Int { max(0, totalSeconds - secondsElapsed) }

  /// Who speaks now.
  public var currentSpeaker: Attendee? {
    standup.attendees.indices.contains(speakerIndex) ? standup.attendees[speakerIndex] : nil
  }

  /// Runs the meeting until it ends or the task is cancelled: the timer, and the transcription
  /// once authorized.
  public func task() async {
    let status: SpeechAuthorizationStatus
    switch speechClient.authorizationStatus() {
    case .notDetermined: status = await speechClient.requestAuthorization()
    case let other: status = other
    }
    if status == .restricted { transcriptionUnavailable = SpeechClient.unavailableMessage }
    await withTaskGroup(of: Void.self) { group in
      if status == .authorized {
        group.addTask { await self.transcribe() }
      }
      // The meeting is over when the timer is: stop listening then.
      await runTimer()
      group.cancelAll()
    }
  }

  /// Skips to the next speaker; after the last one, asks whether to end the meeting.
  public func nextButtonTapped() {
    guard !isDismissed else { return }
    guard speakerIndex < standup.attendees.count - 1 else {
      alert = .endMeeting(isDiscardable: false)
      return
    }
    speakerIndex += 1
    secondsElapsed = speakerIndex * secondsPerAttendee
  }

  /// Asks whether to save or discard the meeting before its time; the timer pauses meanwhile.
  public func endMeetingButtonTapped() {
    guard !isDismissed else { return }
    alert = .endMeeting(isDiscardable: true)
  }

  /// Answers ``alert``.
  public func alertButtonTapped(_ action: AlertAction) {
    alert = nil
    switch action {
    case .confirmSave:
      finish()
    case .confirmDiscard:
      isDismissed = true
    case .resume:
      break
    }
  }

  private func finish() {
    guard !isDismissed else { return }
    isDismissed = true
    onMeetingFinished(transcript)
  }

  private func runTimer() async {
    for await _ in clock.timer(interval: .seconds(1)) {
      guard !isDismissed else { return }
      guard alert == nil else { continue }  // paused while a question is open
      secondsElapsed += 1
      if secondsElapsed.isMultiple(of: secondsPerAttendee) {
        if secondsElapsed >= totalSeconds {
          finish()
          return
        }
        speakerIndex = secondsElapsed / secondsPerAttendee
      }
    }
  }

  private func transcribe() async {
    do {
      for try await result in await speechClient.startTask(SpeechRecognitionRequest()) {
        transcript = result.bestTranscription
      }
    } catch is CancellationError {
    } catch {
      guard !isDismissed else { return }
      alert = .speechRecognizerFailed
    }
  }
}
