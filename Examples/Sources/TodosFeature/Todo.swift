import Foundation
import Harness
import HarnessStore

/// One todo: the child feature of ``TodosFeature``, one per row.
public struct Todo: Reducer {
  public struct State: Equatable, Identifiable, Codable, Sendable {
    public var id: UUID
    public var description: String
    public var isComplete: Bool

    public init(id: UUID, description: String = "", isComplete: Bool = false) {
      self.id = id
      self.description = description
      self.isComplete = isComplete
    }
  }

  public enum Action: Equatable, Sendable {
    case checkBoxToggled
    case textFieldChanged(String)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .checkBoxToggled:
      state.isComplete.toggle()
      return .none
    case let .textFieldChanged(description):
      state.description = description
      return .none
    }
  }
}
