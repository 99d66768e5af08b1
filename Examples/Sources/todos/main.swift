// The Todos app in a terminal: interactive when standard input is a terminal, one command per
// line from a pipe (`printf 'add Milk\nlist\n' | swift run --package-path Examples todos`).
import ArgumentParser
import Dispatch
import Foundation
import Harness
import HarnessStore
import TodosFeature

struct TodosOptions: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "todos",
      abstract: "A todo list, saved a second after each change.",
      discussion: """
        Interactive when standard input is a terminal; otherwise one command per line, and the \
        exit status is 1 when a command or a save failed.

        \(commandHelp)
        """
    )
  }

  @Option(
    help: ArgumentHelp(
      "Where the todos are saved; analytics go to analytics.jsonl in the same folder.",
      valueName: "path"
    )
  )
  var file: String = TodosFile.defaultURL.path

  @Flag(help: "Run with preview dependencies: sample todos in memory, an immediate clock, nothing written.")
  var preview = false

  func validate() throws {
    var isDirectory: ObjCBool = false
    if !preview, FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
      throw ValidationError("--file \(file) is a folder; give a file path such as \(file)/todos.json")
    }
  }
}

let options = TodosOptions.parseOrExit()
let fileURL = URL(fileURLWithPath: options.file)
let isInteractive = isatty(STDIN_FILENO) == 1
let terminal = Terminal()
let screen = Screen(terminal: terminal)
let store = Store(initialState: AppFeature.State()) {
  AppFeature()
} withDependencies: {
  if options.preview {
    $0.context = .preview
    $0.continuousClock = ImmediateClock()
  } else {
    $0.fileClient = .file(fileURL)
    $0.analytics = .jsonLines(next: fileURL)
  }
}

await store.send(.launched).finish()
if let loadError = store.state.loadError {
  terminal.error("error: \(loadError)")
  exit(1)
}

/// Set when a command or a save failed: a piped run then exits with status 1.
let somethingFailed = LockedValue(false)

/// The command's one frame (interactive only), which ends the command for the state watcher.
func redraw(message: String? = nil) {
  guard isInteractive else { return }
  screen.draw(store.state.list, message: message)
}

func fail(_ message: String) {
  somethingFailed.value = true
  if isInteractive {
    redraw(message: "! \(message)")
  } else {
    terminal.error("error: \(message)")
  }
}

/// Saves what is not saved yet, lets running effects end, and leaves with `status` (1 when the
/// save failed).
nonisolated func saveAndExit(
  _ store: StoreOf<AppFeature>, terminal: Terminal, status: Int32, failed: LockedValue<Bool>
) async -> Never {
  await store.send(.saveNow).finish()
  // Effects still running (analytics being written) must end before the process does.
  await store.finishEffects()
  if let saveError = store.state.saveError {
    terminal.error("error: \(saveError)")
    exit(1)
  }
  exit(status != 0 ? status : failed.value ? 1 : 0)
}

/// Ctrl-C or a `kill` within a second of a change (before the debounced save) still saves it.
/// Nonisolated: the handlers run on a dispatch queue, not on the main actor, whose thread is
/// blocked in readLine.
nonisolated func saveOnSignals(
  _ store: StoreOf<AppFeature>, terminal: Terminal, failed: LockedValue<Bool>
) -> [any DispatchSourceSignal] {
  [SIGINT, SIGTERM].map { signalNumber in
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler {
      Task { await saveAndExit(store, terminal: terminal, status: 128 + signalNumber, failed: failed) }
    }
    source.resume()
    return source
  }
}
let signalSources = saveOnSignals(store, terminal: terminal, failed: somethingFailed)

redraw()
// The state changes on its own too (a completed todo sinks after a second, a save fails):
// redraw, or report the failure, when it does. Detached: the main thread is blocked in
// readLine. The terminal writes with write(2), never through stdio, whose fflush(nil) would
// wait for the lock readLine holds on standard input.
// A command's own changes are drawn once, by the loop below, when the command is done: the
// screen holds these frames back meanwhile, and draws the latest list, never a state in between
// (a new todo before its text).
let watchState = Task.detached { [store, terminal, screen, isInteractive, somethingFailed] in
  var seen = store.state
  for await state in store.states where state != seen {
    defer { seen = state }
    let newSaveError = state.saveError != seen.saveError ? state.saveError : nil
    if newSaveError != nil { somethingFailed.value = true }
    if isInteractive {
      screen.drawChange(store.state.list, message: newSaveError.map { "! \($0)" })
    } else if let newSaveError {
      terminal.error("error: \(newSaveError)")
    }
  }
}

while true {
  if isInteractive { terminal.prompt() }
  guard let line = readLine() else {
    // Ctrl-D: end the prompt's line, so the shell's prompt starts on a line of its own.
    if isInteractive { terminal.write("") }
    break
  }
  let command: Command
  do {
    command = try Command(parsing: line)
  } catch {
    fail(error.description)
    continue
  }
  // Every command below but `quit` ends with one redraw (or a failure's, which is one too).
  if isInteractive { screen.beginCommand() }
  switch command {
  case .quit:
    break
  case .help:
    if isInteractive { redraw(message: commandHelp) } else { terminal.write(commandHelp) }
    continue
  case .list:
    if isInteractive { redraw() } else { terminal.write(render(store.state.list)) }
    continue
  case let .add(text):
    store.send(.list(.addButtonTapped))
    if let id = store.state.list.todos.first?.id {
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

watchState.cancel()
signalSources.forEach { $0.cancel() }
await saveAndExit(store, terminal: terminal, status: 0, failed: somethingFailed)
