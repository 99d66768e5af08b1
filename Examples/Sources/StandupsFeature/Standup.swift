import Foundation

/// A daily meeting: who attends, how long it lasts, and the meetings held so far.
public struct Standup: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var attendees: [Attendee]
  public var duration: Duration
  public var meetings: [Meeting]
  public var title: String

  public init(
    id: UUID,
    attendees: [Attendee] = [],
    duration: Duration = .seconds(60 * 5),
    meetings: [Meeting] = [],
    title: String = ""
  ) {
    self.id = id
    self.attendees = attendees
    self.duration = duration
    self.meetings = meetings
    self.title = title
  }

  /// Each attendee's share of the meeting, in whole seconds (at least one).
  public var durationPerAttendee: Duration {
    .seconds(max(1, Int(duration.components.seconds) / max(attendees.count, 1)))
  }
}

/// Someone who speaks at a standup.
public struct Attendee: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var name: String

  public init(id: UUID, name: String = "") {
    self.id = id
    self.name = name
  }
}

/// A meeting that was held: when, and what was said.
public struct Meeting: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public let date: Date
  public var transcript: String

  public init(id: UUID, date: Date, transcript: String) {
    self.id = id
    self.date = date
    self.transcript = transcript
  }
}

extension Standup {
  /// A standup with a past meeting, for previews and tests.
  public static let mock = Standup(
    id: UUID(uuidString: "00000000-0000-0000-0000-00000000A000")!,
    attendees: [
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000A001")!, name: "Blob"),
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000A002")!, name: "Blob Jr"),
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000A003")!, name: "Blob Sr"),
    ],
    duration: .seconds(60),
    meetings: [
      Meeting(
        id: UUID(uuidString: "00000000-0000-0000-0000-00000000A0FF")!,
        date: Date(timeIntervalSince1970: 1_700_000_000),
        transcript: "We shipped the release. Blob Jr fixed the flaky test."
      )
    ],
    title: "Point-Free Morning Sync"
  )

  /// A second sample: a design review with two people.
  public static let designMock = Standup(
    id: UUID(uuidString: "00000000-0000-0000-0000-00000000B000")!,
    attendees: [
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000B001")!, name: "Ada"),
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000B002")!, name: "Grace"),
    ],
    duration: .seconds(60 * 10),
    title: "Design"
  )
}
