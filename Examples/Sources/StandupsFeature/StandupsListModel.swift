import Foundation
import Harness
import Observation

/// The list of standups, loaded from the `dataManager` at launch and saved a second after the
/// last change.
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
  @ObservationIgnored @Dependency(\.uuid) private var uuid
  @ObservationIgnored private let url: URL

  /// Loads the standups saved at `url`; an unreadable file starts an empty list.
  public init(url: URL = .standups, destination: Destination? = nil) {
    self.url = url
    self.destination = destination
    standups = []
    do {
      standups = try JSONDecoder().decode([Standup].self, from: dataManager.load(url))
    } catch let error as DecodingError {
      problem = "The saved standups in \(url.path) are not standups in JSON (\(error)); starting empty."
    } catch {
      standups = []
    }
    startSaving()
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

  private func startSaving() {}

  private func standupsChanged() {}
}
