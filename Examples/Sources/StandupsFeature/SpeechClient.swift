import Foundation
import Harness

/// Whether the app may transcribe speech.
public enum SpeechAuthorizationStatus: Equatable, Sendable {
  case notDetermined
  case denied
  case restricted
  case authorized
}

/// What to transcribe: the microphone, reported as partial results.
public struct SpeechRecognitionRequest: Equatable, Sendable {
  public var shouldReportPartialResults: Bool
  public init(shouldReportPartialResults: Bool = true) {
    self.shouldReportPartialResults = shouldReportPartialResults
  }
}

/// The transcript so far.
public struct SpeechRecognitionResult: Equatable, Sendable {
  public var bestTranscription: String
  public var isFinal: Bool
  public init(bestTranscription: String, isFinal: Bool = false) {
    self.bestTranscription = bestTranscription
    self.isFinal = isFinal
  }
}

/// Speech recognition failed (or is not available here).
public struct SpeechRecognitionFailure: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// Transcribes what is said during a meeting. A struct of closures, so each test decides what
/// it does.
public struct SpeechClient: Sendable {
  public var authorizationStatus: @Sendable () -> SpeechAuthorizationStatus
  public var requestAuthorization: @Sendable () async -> SpeechAuthorizationStatus
  public var startTask:
    @Sendable (SpeechRecognitionRequest) async -> AsyncThrowingStream<SpeechRecognitionResult, any Error>

  public init(
    authorizationStatus: @escaping @Sendable () -> SpeechAuthorizationStatus,
    requestAuthorization: @escaping @Sendable () async -> SpeechAuthorizationStatus,
    startTask: @escaping @Sendable (SpeechRecognitionRequest) async
      -> AsyncThrowingStream<SpeechRecognitionResult, any Error>
  ) {
    self.authorizationStatus = authorizationStatus
    self.requestAuthorization = requestAuthorization
    self.startTask = startTask
  }
}

extension SpeechClient: DependencyKey {
  /// Why the live client transcribes nothing.
  public static let unavailableMessage =
    "Speech transcription is unavailable here: Apple's Speech framework exists on Apple platforms only. The meeting is recorded without a transcript."

  /// There is no speech recognizer on Linux: the status is `.restricted`, and a task fails at
  /// once with ``unavailableMessage``.
  public static let liveValue = SpeechClient(
    authorizationStatus: { .restricted },
    requestAuthorization: { .restricted },
    startTask: { _ in
      AsyncThrowingStream { $0.finish(throwing: SpeechRecognitionFailure(unavailableMessage)) }
    }
  )

  /// Fails the test on use.
  public static let testValue = SpeechClient(
    authorizationStatus: unimplemented("SpeechClient.authorizationStatus", placeholder: .denied),
    requestAuthorization: unimplemented("SpeechClient.requestAuthorization", placeholder: .denied),
    startTask: unimplemented("SpeechClient.startTask", placeholder: AsyncThrowingStream { $0.finish() })
  )

  /// A scripted transcript.
  public static var previewValue: SpeechClient { .scripted() }

  /// Authorized, and hears `transcript` one word at a time, then ends.
  public static func scripted(
    transcript: String = "Blob shipped the release. Blob Jr fixed the flaky test. Blob Sr is on holiday tomorrow."
  ) -> SpeechClient {
    SpeechClient(
      authorizationStatus: { .authorized },
      requestAuthorization: { .authorized },
      startTask: { _ in
        AsyncThrowingStream { continuation in
          var heard: [Substring] = []
          for word in transcript.split(separator: " ") {
            heard.append(word)
            continuation.yield(SpeechRecognitionResult(bestTranscription: heard.joined(separator: " ")))
          }
          continuation.finish()
        }
      }
    )
  }

  /// Authorized, and fails after `heard` as soon as the task starts.
  public static func failing(after heard: String = "") -> SpeechClient {
    SpeechClient(
      authorizationStatus: { .authorized },
      requestAuthorization: { .authorized },
      startTask: { _ in
        AsyncThrowingStream { continuation in
          if !heard.isEmpty { continuation.yield(SpeechRecognitionResult(bestTranscription: heard)) }
          continuation.finish(throwing: SpeechRecognitionFailure("The recognizer stopped."))
        }
      }
    )
  }
}

extension DependencyValues {
  /// Transcribes meetings.
  public var speechClient: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}
