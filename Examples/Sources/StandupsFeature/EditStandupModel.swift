import Foundation
import Harness
import Observation

/// The form that adds or edits a standup: title, duration, attendees.
@MainActor
@Observable
public final class EditStandupModel {
  public var standup: Standup

  @ObservationIgnored @Dependency(\.uuid) private var uuid

  /// A standup always has at least one attendee line to fill in: an empty one is added.
  public init(standup: Standup) {
    self.standup = standup
    if self.standup.attendees.isEmpty {
      self.standup.attendees.append(Attendee(id: uuid()))
    }
  }

  public func setTitle(_ title: String) { standup.title = title }

  /// The meeting's length in whole minutes (at least one).
  public func setDuration(minutes: Int) { standup.duration = .seconds(60 * max(1, minutes)) }

  /// Replaces the attendees with `names`, keeping the ids of those whose names did not change.
  public func setAttendees(_ names: [String]) {
    let kept = Dictionary(standup.attendees.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    standup.attendees = names.map { kept[$0] ?? Attendee(id: uuid(), name: $0) }
    if standup.attendees.isEmpty { standup.attendees.append(Attendee(id: uuid())) }
  }

  public func addAttendeeButtonTapped() {
    standup.attendees.append(Attendee(id: uuid()))
  }

  /// Deletes attendees; the last one is replaced by an empty line.
  public func deleteAttendees(atOffsets offsets: IndexSet) {
    for offset in offsets.sorted(by: >) where standup.attendees.indices.contains(offset) {
      standup.attendees.remove(at: offset)
    }
    if standup.attendees.isEmpty { standup.attendees.append(Attendee(id: uuid())) }
  }

  /// The standup as it will be saved: attendees without a name are dropped.
  public var cleanedStandup: Standup {
    var standup = standup
    standup.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
    return standup
  }

  /// Why the form cannot be saved yet, if it cannot.
  public var problem: String? {
    if standup.title.allSatisfy(\.isWhitespace) { return "A standup needs a title." }
    if cleanedStandup.attendees.isEmpty { return "A standup needs at least one attendee." }
    return nil
  }
}
