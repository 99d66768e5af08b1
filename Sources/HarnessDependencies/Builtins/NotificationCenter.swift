import Foundation

extension DependencyValues {
  /// The notification center to post and observe notifications on.
  ///
  /// - live value: `NotificationCenter.default`
  /// - test value: a new `NotificationCenter` for each test, so notifications posted by one test
  ///   never reach observers of another, even when tests run in parallel
  /// - preview value: the live value
  public var notificationCenter: NotificationCenter {
    get { self[NotificationCenterKey.self] }
    set { self[NotificationCenterKey.self] = newValue }
  }
}

private enum NotificationCenterKey: DependencyKey {
  static var liveValue: NotificationCenter { .default }
  // Computed, not stored: each test's cache builds its own.
  static var testValue: NotificationCenter { NotificationCenter() }
}
