import Foundation
import Harness
import HarnessSchedulers
import StandupsFeature
import Testing

/// Persistence, as the episode tests it: the list saves a second after the last change through
/// a debounce on the `mainQueue` dependency, here a `DispatchQueue.test`, so the test moves time
/// itself and nothing touches the disk.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PersistenceTests {
  @Test func savesASecondAfterTheLastChange() throws {
    let mainQueue = DispatchQueue.test
    let saves = LockIsolated<[Data]>([])
    let model = withDependencies {
      $0.dataManager = DataManager(
        load: { _ in try JSONEncoder().encode([Standup.mock]) },
        save: { data, _ in saves.withValue { $0.append(data) } }
      )
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
      $0.uuid = .incrementing
    } operation: {
      StandupsListModel()
    }
    #expect(model.standups == [.mock])
    mainQueue.run()
    #expect(saves.value.isEmpty, "loading is not a change")

    model.addStandupButtonTapped()
    if case let .add(edit) = model.destination {
      edit.setTitle("Engineering")
      edit.setAttendees(["Blob"])
    }
    model.confirmAddStandupButtonTapped()
    mainQueue.advance(by: .milliseconds(500))
    model.standups[0].title = "Morning Sync"
    mainQueue.advance(by: .milliseconds(999))
    #expect(saves.value.isEmpty)
    #expect(model.hasUnsavedChanges)

    mainQueue.advance(by: .milliseconds(1))
    #expect(saves.value.count == 1)
    let saved = try JSONDecoder().decode([Standup].self, from: saves.value[0])
    #expect(saved == model.standups)
    #expect(saved.map(\.title) == ["Morning Sync", "Engineering"])
    #expect(!model.hasUnsavedChanges)
  }

  @Test func aMockDataManagerRoundTripsWithoutTheDisk() throws {
    let mainQueue = DispatchQueue.test
    let dataManager = DataManager.mock(initialData: try JSONEncoder().encode([Standup.mock]))
    let first = withDependencies {
      $0.dataManager = dataManager
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
    } operation: {
      StandupsListModel()
    }
    first.standups.append(.designMock)
    mainQueue.run()

    let second = withDependencies {
      $0.dataManager = dataManager
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
    } operation: {
      StandupsListModel()
    }
    #expect(second.standups == [.mock, .designMock])
  }

  @Test func saveNowSavesWhatTheDebounceHasNotYet() throws {
    let dataManager = DataManager.mock()
    let model = withDependencies {
      $0.dataManager = dataManager
      $0.mainQueue = DispatchQueue.test.eraseToAnyScheduler()
    } operation: {
      StandupsListModel()
    }
    model.standups = [.designMock]
    model.saveNow()
    #expect(try JSONDecoder().decode([Standup].self, from: dataManager.load(.standups)) == [.designMock])
  }

  @Test func aFailedWriteIsShownInWords() {
    let mainQueue = DispatchQueue.test
    let model = withDependencies {
      $0.dataManager = .failToWrite
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
    } operation: {
      StandupsListModel(url: URL(fileURLWithPath: "/read-only/standups.json"))
    }
    model.standups = [.mock]
    mainQueue.run()
    #expect(model.problem == "Could not save the standups to /read-only/standups.json: the folder cannot be written to")
  }

  @Test func aFailedLoadStartsEmptyAndNeverSavesOverTheFile() {
    let model = withDependencies {
      $0.dataManager = .failToLoad
      // mainQueue stays unimplemented: a scheduled save would fail this test.
    } operation: {
      StandupsListModel(url: URL(fileURLWithPath: "/tmp/standups.json"))
    }
    #expect(model.standups == [])
    #expect(
      model.problem == """
        Could not read the standups in /tmp/standups.json: the file could not be read. \
        Starting empty; the file is left as it is and nothing will be saved over it.
        """
    )
    model.standups = [.mock]
    #expect(!model.hasUnsavedChanges)
    model.saveNow()
  }

  @Test func aChangeWithTheMainQueueLeftUnimplementedFailsTheTest() {
    let model = withDependencies {
      $0.dataManager = .mock()
    } operation: {
      StandupsListModel()
    }
    withExpectedIssue {
      model.standups = [.mock]
    } matching: { issue in
      issue.message.contains("mainQueue")
    }
  }
}
