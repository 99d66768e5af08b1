// The Todos app in a terminal: interactive when standard input is a terminal, one command per
// line from a pipe (`printf 'add Milk\nlist\n' | swift run --package-path Examples todos`).
import Foundation
import Harness
import HarnessStore
import TodosFeature

let usage = """
  Usage: todos [--file PATH] [--preview] [--help]

    --file PATH   where the todos are saved (default: ./todos.json); analytics go to
                  analytics.jsonl in the same folder
    --preview     run with preview dependencies: sample todos in memory, an immediate clock,
                  nothing written to disk

  \(commandHelp)
  """

var fileURL = TodosFile.defaultURL
var isPreview = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--file":
    guard let path = arguments.popFirst() else {
      FileHandle.standardError.write(Data("error: --file needs a path\n\n\(usage)\n".utf8))
      exit(2)
    }
    fileURL = URL(fileURLWithPath: path)
  case "--preview":
    isPreview = true
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    FileHandle.standardError.write(Data("error: unknown argument '\(argument)'\n\n\(usage)\n".utf8))
    exit(2)
  }
}

let isInteractive = isatty(STDIN_FILENO) == 1
let store = Store(initialState: AppFeature.State()) {
  AppFeature()
} withDependencies: {
  if isPreview {
    $0.context = .preview
    $0.continuousClock = ImmediateClock()
  } else {
    $0.fileClient = .file(fileURL)
    $0.analytics = .jsonLines(next: fileURL)
  }
}

await store.send(.launched).finish()
if let loadError = store.state.loadError {
  FileHandle.standardError.write(Data("error: \(loadError)\n".utf8))
  exit(1)
}

/// Clears the terminal and draws `list`, then `message`.
nonisolated func draw(_ list: TodosFeature.State, message: String? = nil) {
  print("\u{1B}[2J\u{1B}[H", terminator: "")  // clear the screen, cursor home
  print(render(list))
  if let message { print("\n\(message)") }
  print("\nType a command (help for the list):")
}

func redraw(message: String? = nil) {
  guard isInteractive else { return }
  draw(store.state.list, message: message)
}

func fail(_ message: String) {
  if isInteractive {
    redraw(message: "! \(message)")
  } else {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  }
}

redraw()
// Effects change the list on their own too (a completed todo sinks after a second): redraw then.
// Detached: the main thread is blocked in readLine, so main-actor work would never run.
let redrawOnChange = Task.detached { [store, isInteractive] in
  guard isInteractive else { return }
  var shown = store.state.list
  for await state in store.states where state.list != shown {
    shown = state.list
    draw(state.list)
    print("todos> ", terminator: "")
    fflush(nil)  // the prompt has no newline: push it out now
  }
}
while true {
  if isInteractive { print("todos> ", terminator: "") }
  guard let line = readLine() else { break }
  let command: Command
  do {
    command = try Command(parsing: line)
  } catch {
    fail(error.description)
    continue
  }
  switch command {
  case .quit:
    break
  case .help:
    if isInteractive { redraw(message: commandHelp) } else { print(commandHelp) }
    continue
  case .list:
    if isInteractive { redraw() } else { print(render(store.state.list)) }
    continue
  case let .add(text):
    store.send(.list(.addButtonTapped))
    if let id = store.state.list.todos.first?.id, !text.isEmpty {
      store.send(.list(.todo(id: id, action: .textFieldChanged(text))))
    }
    redraw()
    continue
  default:
    do {
      for action in try command.actions(for: store.state.list) { store.send(.list(action)) }
      redraw()
    } catch {
      fail(error.description)
    }
    continue
  }
  break
}

redrawOnChange.cancel()
await store.send(.saveNow).finish()
// Effects still running (analytics being written) must end before the process does.
await store.finishEffects()
if let saveError = store.state.saveError {
  FileHandle.standardError.write(Data("error: could not save: \(saveError)\n".utf8))
  exit(1)
}
