import Foundation
import Harness
import Observation

/// One standup: its details and past meetings; edit it, delete it, or start a meeting.
@MainActor
@Observable
public final class StandupDetailModel {
  /// What the screen shows over itself. Equal when it is the same model.
  public enum Destination: Equatable {
    case edit(EditStandupModel)
    case record(RecordMeetingModel)
    /// "Are you sure?" before a deletion.
    case confirmDeletion

    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.edit(lhs), .edit(rhs)): lhs === rhs
      case let (.record(lhs), .record(rhs)): lhs === rhs
      case (.confirmDeletion, .confirmDeletion): true
      case (.edit, _), (.record, _), (.confirmDeletion, _): false
      }
    }
  }

  public var destination: Destination?
  public var standup: Standup {
    didSet { onStandupChanged(standup) }
  }

  /// Called when the user confirmed the deletion: the parent removes the standup.
  @ObservationIgnored
  public var onConfirmDeletion: @MainActor () -> Void = unimplemented("StandupDetailModel.onConfirmDeletion")
  /// Called after every change of ``standup`` (an edit, a meeting saved).
  @ObservationIgnored
  public var onStandupChanged: @MainActor (Standup) -> Void = { _ in }

  @ObservationIgnored @Dependency(\.date.now) private var now
  @ObservationIgnored @Dependency(\.uuid) private var uuid

  public init(standup: Standup, destination: Destination? = nil) {
    self.standup = standup
    self.destination = destination
  }

  public func deleteButtonTapped() { destination = .confirmDeletion }

  /// Answers the deletion question.
  public func deletionConfirmed(_ isConfirmed: Bool) {
    guard case .confirmDeletion = destination else { return }
    destination = nil
    if isConfirmed { onConfirmDeletion() }
  }

  public func editButtonTapped() {
    destination = .edit(withDependencies(from: self) { EditStandupModel(standup: standup) })
  }

  public func cancelEditButtonTapped() { destination = nil }

  /// Keeps the edit; refuses it (and says why) while the form has a problem.
  @discardableResult
  public func doneEditingButtonTapped() -> String? {
    guard case let .edit(model) = destination else { return nil }
    if let problem = model.problem { return problem }
    standup = model.cleanedStandup
    destination = nil
    return nil
  }

  /// Starts a meeting; when it ends and is kept, it goes first in the history, with the
  /// `date.now` and a `uuid()` of this model's dependencies.
  public func startMeetingButtonTapped() -> RecordMeetingModel {
    let model = withDependencies(from: self) { RecordMeetingModel(standup: standup) }
    model.onMeetingFinished = { [weak self] transcript in
      guard let self else { return }
      destination = nil
      standup.meetings.insert(Meeting(id: uuid(), date: now, transcript: transcript), at: 0)
    }
    destination = .record(model)
    return model
  }

  /// Leaves a meeting that was discarded.
  public func meetingDismissed() {
    if case .record = destination { destination = nil }
  }
}
