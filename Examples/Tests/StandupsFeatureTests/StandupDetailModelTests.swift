import Foundation
import Harness
import StandupsFeature
import Testing

/// The standup screen: editing, deleting with a confirmation, and a finished meeting saved into
/// the history with the `date` and `uuid` dependencies.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StandupDetailModelTests {
  @Test func editingChangesTheStandupOnlyWhenDone() {
    let model = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      StandupDetailModel(standup: .quick)
    }
    let changes = Calls<Standup>()
    model.onStandupChanged = { changes.record($0) }

    model.editButtonTapped()
    guard case let .edit(edit) = model.destination else {
      Issue.record("editing shows no form: \(String(describing: model.destination))")
      return
    }
    edit.setTitle("Engineering")
    edit.setDuration(minutes: 10)
    edit.setAttendees(["Blob", "Blob Esq", ""])
    #expect(model.standup == .quick, "nothing changes before Done")

    #expect(model.doneEditingButtonTapped() == nil)
    var expected = Standup.quick
    expected.title = "Engineering"
    expected.duration = .seconds(600)
    expected.attendees = [Standup.quick.attendees[0], Attendee(id: UUID(0), name: "Blob Esq")]
    #expect(model.standup == expected)
    #expect(model.destination == nil)
    #expect(changes.values == [expected])
  }

  @Test func aBlankTitleOrNoAttendeeIsRefused() {
    let model = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      StandupDetailModel(standup: .quick)
    }
    model.editButtonTapped()
    guard case let .edit(edit) = model.destination else {
      Issue.record("editing shows no form")
      return
    }
    edit.setTitle("   ")
    #expect(model.doneEditingButtonTapped() == "A standup needs a title.")
    edit.setTitle("Fine")
    edit.setAttendees([" "])
    #expect(model.doneEditingButtonTapped() == "A standup needs at least one attendee.")
    #expect(model.standup == .quick)
    model.cancelEditButtonTapped()
    #expect(model.destination == nil)
  }

  @Test func deletingAsksFirstAndTellsTheParentOnlyWhenConfirmed() {
    let model = StandupDetailModel(standup: .quick)
    let deletions = Calls<Void>()
    model.onConfirmDeletion = { deletions.record(()) }

    model.deleteButtonTapped()
    #expect(model.destination == .confirmDeletion)
    model.deletionConfirmed(false)
    #expect(model.destination == nil)
    #expect(deletions.values.isEmpty)

    model.deleteButtonTapped()
    model.deletionConfirmed(true)
    #expect(deletions.values.count == 1)
  }

  @Test func aParentThatForgetsOnConfirmDeletionFailsItsTest() {
    let model = StandupDetailModel(standup: .quick)
    model.deleteButtonTapped()
    withExpectedIssue {
      model.deletionConfirmed(true)
    } matching: { issue in
      issue.message.contains("Unimplemented: 'StandupDetailModel.onConfirmDeletion'")
    }
  }

  @Test func aFinishedMeetingGoesFirstInTheHistory() async {
    let clock = TestClock()
    let now = Date(timeIntervalSince1970: 1_234_567_890)
    let model = withDependencies {
      $0.continuousClock = clock
      $0.date = .constant(now)
      $0.speechClient = .scripted(transcript: "All good")
      $0.uuid = .incrementing
    } operation: {
      StandupDetailModel(standup: .quick)
    }
    let record = model.startMeetingButtonTapped()
    #expect(model.destination == .record(record))

    let task = Task { await record.task() }
    await clock.advance(by: .seconds(6))
    await task.value

    #expect(model.destination == nil)
    #expect(model.standup.meetings == [Meeting(id: UUID(0), date: now, transcript: "All good")])
  }
}
