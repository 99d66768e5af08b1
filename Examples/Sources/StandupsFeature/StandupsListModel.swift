import Foundation
import Harness
import HarnessSchedulers
import Observation

/// The list of standups, loaded from the `dataManager` at launch and saved a second after the
/// last change, through a `debounce` on the `mainQueue` dependency (a test drives it with
/// `DispatchQueue.test`; nothing touches the disk, nothing waits).
@MainActor
@Observable
public final class StandupsListModel {
  public enum Destination {
    case add(EditStandupModel)
    case detail(StandupDetailModel)
  }

  public var destination: Destination?
  public var standups: [Standup] {
    didSet { standupsChanged() }
  }
  /// Why the saved standups could not be loaded or saved, if they could not.
  public private(set) var problem: String?

  @ObservationIgnored @Dependency(\.dataManager) private var dataManager
  @ObservationIgnored @Dependency(\.mainQueue) private var mainQueue
  @ObservationIgnored @Dependency(\.uuid) private var uuid
  @ObservationIgnored private let url: URL
  /// Each change of ``standups``, for the debounced save.
  @ObservationIgnored private let changes = PassthroughSubject<[Standup], Never>()
  @ObservationIgnored private var saving: AnyCancellable?
  /// The file could not be read: it is never saved over.
  @ObservationIgnored private var loadFailed = false
  /// A change is waiting for the debounce.
  @ObservationIgnored public private(set) var hasUnsavedChanges = false

  /// Loads the standups saved at `url`: none yet starts an empty list; an unreadable file starts
  /// one too, sets ``problem``, and is never saved over.
  public init(url: URL = .standups, destination: Destination? = nil) {
    self.url = url
    self.destination = destination
    standups = []
    do {
      standups = try JSONDecoder().decode([Standup].self, from: dataManager.load(url))
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      standups = []  // nothing saved yet
    } catch {
      // A file that exists but cannot be read or decoded is kept: never saved over.
      loadFailed = true
      let reason = error is DecodingError ? "they are not standups in JSON (\(error))" : "\(error)"
      problem = """
        Could not read the standups in \(url.path): \(reason). Starting empty; the file is left \
        as it is and nothing will be saved over it.
        """
    }
    saving = changes
      .debounce(for: .seconds(1), scheduler: mainQueue)
      .sink { [weak self] standups in
        MainActor.assumeIsolated { self?.save(standups) }
      }
  }

  public func addStandupButtonTapped() {
    destination = .add(withDependencies(from: self) { EditStandupModel(standup: Standup(id: uuid())) })
  }

  /// Adds the standup being edited; refuses it (and says why) while the form has a problem.
  @discardableResult
  public func confirmAddStandupButtonTapped() -> String? {
    guard case let .add(model) = destination else { return nil }
    if let problem = model.problem { return problem }
    standups.append(model.cleanedStandup)
    destination = nil
    return nil
  }

  public func dismissAddStandupButtonTapped() { destination = nil }

  /// Shows a standup. Its changes come back to this list; its deletion removes it.
  @discardableResult
  public func standupTapped(_ standup: Standup) -> StandupDetailModel {
    let model = withDependencies(from: self) { StandupDetailModel(standup: standup) }
    model.onConfirmDeletion = { [weak self, id = standup.id] in
      guard let self else { return }
      standups.removeAll { $0.id == id }
      destination = nil
    }
    model.onStandupChanged = { [weak self] changed in
      guard let self, let index = standups.firstIndex(where: { $0.id == changed.id }) else { return }
      standups[index] = changed
    }
    destination = .detail(model)
    return model
  }

  // MARK: Persistence

  /// Saves now what the debounce has not saved yet (before quitting).
  public func saveNow() {
    guard hasUnsavedChanges else { return }
    save(standups)
  }

  private func standupsChanged() {
    guard !loadFailed else { return }
    hasUnsavedChanges = true
    changes.send(standups)
  }

  private func save(_ standups: [Standup]) {
    hasUnsavedChanges = false
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try dataManager.save(encoder.encode(standups), url)
      problem = nil
    } catch {
      problem = "Could not save the standups to \(url.path): \(error)"
    }
  }
}
