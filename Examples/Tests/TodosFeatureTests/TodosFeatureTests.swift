import Foundation
import Harness
import HarnessStore
import Testing
import TodosFeature

/// Each test overrides only the dependencies it needs; the others stay unimplemented, so a new
/// use of a dependency shows up as a failure naming it.
@Suite struct TodosFeatureTests {
  let clock = TestClock()

  @Test func addTodos() async {
    let store = TestStore(initialState: TodosFeature.State()) {
      TodosFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }

    await store.send(.addButtonTapped) {
      $0.todos = [Todo.State(id: UUID(0))]
    }
    await store.send(.addButtonTapped) {
      $0.todos = [Todo.State(id: UUID(1)), Todo.State(id: UUID(0))]
    }
  }

  @Test func editTodo() async {
    let store = TestStore(
      initialState: TodosFeature.State(todos: [Todo.State(id: UUID(0))])
    ) {
      TodosFeature()
    }

    await store.send(.todo(id: UUID(0), action: .textFieldChanged("Learn Harness"))) {
      $0.todos[0].description = "Learn Harness"
    }
  }

  @Test func completeTodoSortsItAfterASecond() async {
    let store = TestStore(
      initialState: TodosFeature.State(todos: [
        Todo.State(id: UUID(0), description: "Milk"),
        Todo.State(id: UUID(1), description: "Eggs"),
      ])
    ) {
      TodosFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.todo(id: UUID(0), action: .checkBoxToggled)) {
      $0.todos[0].isComplete = true
    }
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.sortCompletedTodos) {
      $0.todos = [
        Todo.State(id: UUID(1), description: "Eggs"),
        Todo.State(id: UUID(0), description: "Milk", isComplete: true),
      ]
    }
  }

  @Test func completeTwoInQuickSuccessionSortsOnce() async {
    let store = TestStore(
      initialState: TodosFeature.State(todos: [
        Todo.State(id: UUID(0), description: "Milk"),
        Todo.State(id: UUID(1), description: "Eggs"),
        Todo.State(id: UUID(2), description: "Bread"),
      ])
    ) {
      TodosFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.todo(id: UUID(0), action: .checkBoxToggled)) {
      $0.todos[0].isComplete = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.todo(id: UUID(1), action: .checkBoxToggled)) {
      $0.todos[1].isComplete = true
    }
    // The first completion's sort was cancelled by the second: nothing yet.
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.sortCompletedTodos) {
      $0.todos = [
        Todo.State(id: UUID(2), description: "Bread"),
        Todo.State(id: UUID(0), description: "Milk", isComplete: true),
        Todo.State(id: UUID(1), description: "Eggs", isComplete: true),
      ]
    }
  }

  @Test func deleteTracksTheEditMode() async {
    let events = LockedValue<[AnalyticsClient.Event]>([])
    let store = TestStore(
      initialState: TodosFeature.State(todos: [
        Todo.State(id: UUID(0), description: "Milk"),
        Todo.State(id: UUID(1), description: "Eggs"),
      ])
    ) {
      TodosFeature()
    } withDependencies: {
      $0.analytics = .capturing(into: events)
    }

    await store.send(.delete(id: UUID(0))) {
      $0.todos = [Todo.State(id: UUID(1), description: "Eggs")]
    }
    await store.send(.editModeChanged(.active)) {
      $0.editMode = .active
    }
    await store.send(.delete(id: UUID(1))) {
      $0.todos = []
    }
    await store.finish()
    #expect(events.value == [.todoDeleted(editMode: .inactive), .todoDeleted(editMode: .active)])
    #expect(events.value.map(\.name) == ["Todo Deleted", "Todo Deleted"])
  }

  @Test func clearCompleted() async {
    let events = LockedValue<[AnalyticsClient.Event]>([])
    let store = TestStore(
      initialState: TodosFeature.State(todos: [
        Todo.State(id: UUID(0), description: "Milk", isComplete: true),
        Todo.State(id: UUID(1), description: "Eggs"),
      ])
    ) {
      TodosFeature()
    } withDependencies: {
      $0.analytics = .capturing(into: events)
    }

    await store.send(.clearCompletedButtonTapped) {
      $0.todos = [Todo.State(id: UUID(1), description: "Eggs")]
    }
    await store.finish()
    #expect(events.value == [AnalyticsClient.Event(name: "Cleared Completed Todos", properties: ["count": "1"])])
  }

  @Test func filters() async {
    let store = TestStore(
      initialState: TodosFeature.State(todos: [
        Todo.State(id: UUID(0), description: "Milk"),
        Todo.State(id: UUID(1), description: "Eggs", isComplete: true),
      ])
    ) {
      TodosFeature()
    }

    await store.send(.filterPicked(.completed)) {
      $0.filter = .completed
    }
    #expect(store.state.filteredTodos.map(\.id) == [UUID(1)])
    await store.send(.filterPicked(.active)) {
      $0.filter = .active
    }
    #expect(store.state.filteredTodos.map(\.id) == [UUID(0)])
    await store.send(.filterPicked(.all)) {
      $0.filter = .all
    }
    #expect(store.state.filteredTodos.map(\.id) == [UUID(0), UUID(1)])
  }

  @Test func moveThenSort() async {
    let store = TestStore(
      initialState: TodosFeature.State(todos: [
        Todo.State(id: UUID(0), description: "Milk"),
        Todo.State(id: UUID(1), description: "Eggs"),
        Todo.State(id: UUID(2), description: "Bread", isComplete: true),
      ])
    ) {
      TodosFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.move(from: 2, to: 0)) {
      $0.todos = [
        Todo.State(id: UUID(2), description: "Bread", isComplete: true),
        Todo.State(id: UUID(0), description: "Milk"),
        Todo.State(id: UUID(1), description: "Eggs"),
      ]
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.sortCompletedTodos) {
      $0.todos = [
        Todo.State(id: UUID(0), description: "Milk"),
        Todo.State(id: UUID(1), description: "Eggs"),
        Todo.State(id: UUID(2), description: "Bread", isComplete: true),
      ]
    }
  }
}
