import Foundation
import Harness
import HarnessStore
import Testing
import TodosFeature

@Suite struct AppFeatureTests {
  let clock = TestClock()

  @Test func loadsOnLaunchAndSavesASecondAfterTheLastChange() async {
    let saved = LockedValue<[[Todo.State]]>([])
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
      $0.fileClient = FileClient(
        load: { [Todo.State(id: UUID(100), description: "Saved earlier")] },
        save: { todos in saved.withValue { $0.append(todos) } }
      )
    }

    await store.send(.launched)
    await store.receive(.todosLoaded([Todo.State(id: UUID(100), description: "Saved earlier")])) {
      $0.list.todos = [Todo.State(id: UUID(100), description: "Saved earlier")]
    }

    await store.send(.list(.addButtonTapped)) {
      $0.list.todos.insert(Todo.State(id: UUID(0)), at: 0)
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.list(.todo(id: UUID(0), action: .textFieldChanged("Milk")))) {
      $0.list.todos[0].description = "Milk"
    }
    await clock.advance(by: .milliseconds(999))
    #expect(saved.value.isEmpty)
    await clock.advance(by: .milliseconds(1))
    #expect(
      saved.value == [[
        Todo.State(id: UUID(0), description: "Milk"),
        Todo.State(id: UUID(100), description: "Saved earlier"),
      ]]
    )
    await store.finish()
  }

  @Test func aFileThatCannotBeLoadedIsNeverSavedOver() async {
    struct Unreadable: Error {}
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.fileClient.load = { throw Unreadable() }
      // `save` stays unimplemented: a save would fail this test.
    }

    await store.send(.launched)
    await store.receive(.loadFailed("Unreadable()")) {
      $0.loadError = "Unreadable()"
    }
    await store.send(.list(.addButtonTapped)) {
      $0.list.todos = [Todo.State(id: UUID(0))]
    }
    await store.send(.saveNow)
  }

  @Test func saveNowSavesAtOnceAndCancelsThePendingSave() async {
    let saved = LockedValue<[[Todo.State]]>([])
    let store = TestStore(
      initialState: AppFeature.State(list: TodosFeature.State(todos: [Todo.State(id: UUID(0), description: "Milk")]))
    ) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.fileClient.save = { todos in saved.withValue { $0.append(todos) } }
    }

    await store.send(.list(.todo(id: UUID(0), action: .textFieldChanged("Oat milk")))) {
      $0.list.todos[0].description = "Oat milk"
    }
    await store.send(.saveNow)
    await store.finish()
    #expect(saved.value == [[Todo.State(id: UUID(0), description: "Oat milk")]])
  }
}

@Suite struct QuittingTests {
  @Test func saveNowDropsAPendingSort() async {
    let clock = TestClock()
    let saved = LockedValue<[[Todo.State]]>([])
    let store = TestStore(
      initialState: AppFeature.State(list: TodosFeature.State(todos: [Todo.State(id: UUID(0), description: "Milk")]))
    ) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.fileClient.save = { todos in saved.withValue { $0.append(todos) } }
    }

    await store.send(.list(.todo(id: UUID(0), action: .checkBoxToggled))) {
      $0.list.todos[0].isComplete = true
    }
    await store.send(.saveNow)
    await store.finish()
    #expect(clock.pendingSleepers.isEmpty)
    #expect(saved.value == [[Todo.State(id: UUID(0), description: "Milk", isComplete: true)]])
  }
}
