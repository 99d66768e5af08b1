import Foundation
import Harness
import HarnessStore

/// The Todos app: the list, loaded on launch and saved one second after the last change.
public struct AppFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var list: TodosFeature.State
    /// Set when the saved todos could not be loaded; nothing is saved then, so the file is kept.
    public var loadError: String?
    /// Set when the last save failed.
    public var saveError: String?

    public init(list: TodosFeature.State = TodosFeature.State(), loadError: String? = nil, saveError: String? = nil) {
      self.list = list
      self.loadError = loadError
      self.saveError = saveError
    }
  }

  public enum Action: Equatable, Sendable {
    case launched
    case list(TodosFeature.Action)
    case loadFailed(String)
    case saveFailed(String)
    /// Save at once (before quitting), instead of waiting for the debounce; a pending sort is
    /// dropped, so that nothing is left waiting on the clock.
    case saveNow
    case todosLoaded([Todo.State])
  }

  enum CancelID { case save }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.fileClient) var fileClient
  let list = TodosFeature()

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .launched:
      return .run { send in
        await send(.todosLoaded(try await fileClient.load()))
      } catch: { error, send in
        await send(.loadFailed("\(error)"))
      }

    case let .list(listAction):
      let before = state.list.todos
      let effect = list.reduce(into: &state.list, action: listAction).map(Action.list)
      guard state.list.todos != before, state.loadError == nil else { return effect }
      let todos = state.list.todos
      return .merge(
        effect,
        .run { send in
          try await clock.sleep(for: .seconds(1))
          try await fileClient.save(todos)
        } catch: { error, send in
          await send(.saveFailed("\(error)"))
        }
        .cancellable(id: CancelID.save, cancelInFlight: true)
      )

    case let .loadFailed(message):
      state.loadError = message
      return .none

    case let .saveFailed(message):
      state.saveError = message
      return .none

    case .saveNow:
      let pending = Effect<Action>.merge(
        .cancel(id: CancelID.save), .cancel(id: TodosFeature.CancelID.todoCompletion))
      guard state.loadError == nil else { return pending }
      let todos = state.list.todos
      return .concatenate(
        pending,
        .run { _ in try await fileClient.save(todos) } catch: { error, send in
          await send(.saveFailed("\(error)"))
        }
      )

    case let .todosLoaded(todos):
      state.list.todos = todos
      return .none
    }
  }
}
