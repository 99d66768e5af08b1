#if Schedulers
import HarnessDependencies
import HarnessIssues
import HarnessSchedulers
import HarnessTesting
import XCTest

// The Standups episode's persistence feature, as written there: the list model saves its
// standups through a `debounce` on `@Dependency(\.mainQueue)`, and the test drives that queue
// with `DispatchQueue.test`. It runs on Linux through OpenCombine, unchanged.

struct Standup: Codable, Equatable, Identifiable {
  let id: UUID
  var title = ""
}

struct DataManager: Sendable {
  var load: @Sendable (_ from: URL) throws -> Data
  var save: @Sendable (_ data: Data, _ to: URL) throws -> Void

  /// A data manager keeping one file in memory, starting with `initialData`.
  static func mock(initialData: Data? = nil) -> DataManager {
    let data = LockIsolated(initialData)
    return DataManager(
      load: { _ in
        guard let loaded = data.value else { throw CocoaError(.fileReadNoSuchFile) }
        return loaded
      },
      save: { newData, _ in data.setValue(newData) }
    )
  }
}

extension DataManager: TestDependencyKey {
  static var testValue: DataManager {
    DataManager(load: unimplemented("DataManager.load"), save: unimplemented("DataManager.save"))
  }
}

extension DependencyValues {
  var dataManager: DataManager {
    get { self[DataManager.self] }
    set { self[DataManager.self] = newValue }
  }
}

extension URL {
  static let standups = URL(fileURLWithPath: "/tmp/standups.json")
}

@MainActor
final class StandupsListModel: ObservableObject {
  @Published var standups: [Standup] = []
  @Published var newStandup: Standup?

  @Dependency(\.dataManager) var dataManager
  @Dependency(\.mainQueue) var mainQueue
  @Dependency(\.uuid) var uuid

  private var cancellables: Set<AnyCancellable> = []

  init() {
    do {
      standups = try JSONDecoder().decode([Standup].self, from: dataManager.load(.standups))
    } catch {}
    $standups
      .dropFirst()
      .debounce(for: .seconds(1), scheduler: mainQueue)
      .sink { [dataManager] standups in
        try? dataManager.save(JSONEncoder().encode(standups), .standups)
      }
      .store(in: &cancellables)
  }

  func addStandupButtonTapped() {
    newStandup = Standup(id: uuid())
  }

  func confirmAddStandupButtonTapped() {
    guard let standup = newStandup else { return }
    newStandup = nil
    standups.append(standup)
  }
}

// Corelibs XCTest cannot run a synchronous `@MainActor` test method (test discovery fails to cast
// it): the methods are `async`, as in the episode, and the test body is synchronous inside.
final class StandupsPersistenceTests: DependencyTestCase {
  @MainActor
  func testPersistence() async throws {
    let mainQueue = DispatchQueue.test
    withDependencies {
      $0.dataManager = .mock()
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
      $0.uuid = .incrementing
    } operation: {
      let listModel = StandupsListModel()
      XCTAssertEqual(listModel.standups.count, 0)

      listModel.addStandupButtonTapped()
      listModel.confirmAddStandupButtonTapped()
      XCTAssertEqual(listModel.standups.count, 1)

      mainQueue.run()

      let nextLaunchListModel = StandupsListModel()
      XCTAssertEqual(nextLaunchListModel.standups.count, 1)
    }
  }

  /// The debounce holds the save back until a second of quiet has passed.
  @MainActor
  func testSavesOnlyAfterTheDebounce() async throws {
    let mainQueue = DispatchQueue.test
    let dataManager = DataManager.mock()
    try withDependencies {
      $0.dataManager = dataManager
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
      $0.uuid = .incrementing
    } operation: {
      let listModel = StandupsListModel()
      listModel.addStandupButtonTapped()
      listModel.confirmAddStandupButtonTapped()
      mainQueue.advance(by: .milliseconds(999))
      XCTAssertThrowsError(try dataManager.load(.standups))
      mainQueue.advance(by: .milliseconds(1))
      XCTAssertEqual(try JSONDecoder().decode([Standup].self, from: dataManager.load(.standups)).count, 1)
    }
  }
}
#endif
