import Foundation
import Harness

/// The system's notifications: whether the player lets the game send any.
public struct UserNotificationClient: Sendable {
  public struct Settings: Equatable, Sendable {
    public enum AuthorizationStatus: Equatable, Sendable {
      case notDetermined, denied, authorized
    }
    public var authorizationStatus: AuthorizationStatus
    public init(authorizationStatus: AuthorizationStatus) { self.authorizationStatus = authorizationStatus }
  }

  public var getNotificationSettings: @Sendable () async -> Settings

  public init(getNotificationSettings: @escaping @Sendable () async -> Settings) {
    self.getNotificationSettings = getNotificationSettings
  }
}

extension UserNotificationClient: DependencyKey {
  /// There is no notification center here: notifications are never authorized.
  public static let liveValue = UserNotificationClient { Settings(authorizationStatus: .denied) }

  /// Reports the call, then never answers (until cancelled): it has no settings it could make
  /// up, so an effect awaiting it stays in flight, and the test says that too.
  public static let testValue = UserNotificationClient {
    reportIssue("Unimplemented: 'UserNotificationClient.getNotificationSettings'")
    let (never, end) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
      for await _ in never {}
    } onCancel: {
      end.finish()
    }
    return Settings(authorizationStatus: .notDetermined)
  }

  /// Not determined yet, at once.
  public static let noop = UserNotificationClient { Settings(authorizationStatus: .notDetermined) }

  public static var previewValue: UserNotificationClient { .noop }
}

extension DependencyValues {
  public var userNotifications: UserNotificationClient {
    get { self[UserNotificationClient.self] }
    set { self[UserNotificationClient.self] = newValue }
  }
}
