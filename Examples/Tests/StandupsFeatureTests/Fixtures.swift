import Foundation
import StandupsFeature

extension Standup {
  /// Three attendees, six seconds: two seconds each, so every speaker change is a clock step.
  static let quick = Standup(
    id: UUID(uuidString: "00000000-0000-0000-0000-0000000000C0")!,
    attendees: [
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000C1")!, name: "Blob"),
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000C2")!, name: "Blob Jr"),
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000C3")!, name: "Blob Sr"),
    ],
    duration: .seconds(6),
    title: "Quick"
  )
}

/// What a delegate closure was called with, in order.
@MainActor
final class Calls<Value> {
  private(set) var values: [Value] = []
  func record(_ value: Value) { values.append(value) }
}
