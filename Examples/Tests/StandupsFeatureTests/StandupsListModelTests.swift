import Foundation
import Harness
import HarnessSchedulers
import StandupsFeature
import Testing

/// The list of standups: adding, opening, deleting from the detail, and the dependencies the
/// children inherit.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StandupsListModelTests {
  @Test func loadsTheSavedStandups() throws {
    let model = withDependencies {
      $0.dataManager = .mock(initialData: try? JSONEncoder().encode([Standup.mock]))
    } operation: {
      StandupsListModel()
    }
    #expect(model.standups == [.mock])
    #expect(model.problem == nil)
  }

  @Test func nothingSavedStartsEmptyAndAFailedLoadSaysWhy() {
    let empty = withDependencies {
      $0.dataManager = .mock()
    } operation: {
      StandupsListModel()
    }
    #expect(empty.standups == [])
    #expect(empty.problem == nil)

    let garbled = withDependencies {
      $0.dataManager = .mock(initialData: Data("not json".utf8))
    } operation: {
      StandupsListModel(url: URL(fileURLWithPath: "/tmp/standups.json"))
    }
    #expect(garbled.standups == [])
    #expect(garbled.problem?.hasPrefix("Could not read the standups in /tmp/standups.json: they are not standups in JSON") == true)
  }

  @Test func addingAStandup() {
    let model = withDependencies {
      $0.mainQueue = .immediate
      $0.dataManager = .mock()
      $0.uuid = .incrementing
    } operation: {
      StandupsListModel()
    }
    model.addStandupButtonTapped()
    guard case let .add(edit) = model.destination else {
      Issue.record("add shows no form")
      return
    }
    // The new standup and its first, empty attendee line take the list's uuids.
    #expect(edit.standup == Standup(id: UUID(0), attendees: [Attendee(id: UUID(1))]))
    #expect(model.confirmAddStandupButtonTapped() == "A standup needs a title.")
    edit.setTitle("Engineering")
    edit.setAttendees(["Blob", "Blob Jr"])
    #expect(model.confirmAddStandupButtonTapped() == nil)
    #expect(
      model.standups == [
        Standup(
          id: UUID(0),
          attendees: [Attendee(id: UUID(2), name: "Blob"), Attendee(id: UUID(3), name: "Blob Jr")],
          title: "Engineering"
        )
      ]
    )
    #expect(model.destination == nil)
  }

  @Test func deletingFromTheDetailRemovesTheStandup() {
    let model = withDependencies {
      $0.mainQueue = .immediate
      $0.dataManager = .mock(initialData: try? JSONEncoder().encode([Standup.mock, .designMock]))
    } operation: {
      StandupsListModel()
    }
    let detail = model.standupTapped(.mock)
    detail.deleteButtonTapped()
    detail.deletionConfirmed(true)
    #expect(model.standups == [.designMock])
    #expect(model.destination == nil)
  }

  @Test func editsInTheDetailComeBackToTheList() {
    let model = withDependencies {
      $0.mainQueue = .immediate
      $0.dataManager = .mock(initialData: try? JSONEncoder().encode([Standup.mock]))
      $0.uuid = .incrementing
    } operation: {
      StandupsListModel()
    }
    let detail = model.standupTapped(.mock)
    detail.editButtonTapped()
    if case let .edit(edit) = detail.destination { edit.setTitle("Renamed") }
    detail.doneEditingButtonTapped()
    #expect(model.standups.map(\.title) == ["Renamed"])
  }

  @Test func childrenInheritTheParentsDependencies() async {
    let clock = TestClock()
    let now = Date(timeIntervalSince1970: 42)
    let model = withDependencies {
      $0.continuousClock = clock
      $0.mainQueue = .immediate
      $0.dataManager = .mock(initialData: try? JSONEncoder().encode([Standup.quick]))
      $0.date = .constant(now)
      $0.speechClient = .scripted(transcript: "Inherited")
      $0.uuid = .incrementing
    } operation: {
      StandupsListModel()
    }
    // Made outside the scope above: the children still get the list's clock, speech, date, uuid.
    let detail = model.standupTapped(.quick)
    let record = detail.startMeetingButtonTapped()
    let task = Task { await record.task() }
    await clock.advance(by: .seconds(5))
    #expect(record.secondsElapsed == 5, "the meeting's timer runs on the list's test clock")
    await clock.advance(by: .seconds(1))
    await task.value
    #expect(model.standups[0].meetings == [Meeting(id: UUID(0), date: now, transcript: "Inherited")])
  }
}
