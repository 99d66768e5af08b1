/// What the interactive Todos app shows, drawn once per command.
///
/// Two writers share the terminal: the command loop, which draws after applying a command's
/// actions, and a watcher of the store's states, which draws what changes on its own (a completed
/// todo sinking a second later, a failed save). The watcher stays quiet while a command is being
/// applied (its intermediate states, such as a new todo before its text, are never shown) and
/// when the list is the one on the screen, so each command makes exactly one frame.
public final class Screen: Sendable {
  private struct Shown {
    var list: TodosFeature.State?
    var isApplyingCommand = false
  }

  private let terminal: Terminal
  private let shown = LockedValue(Shown())

  public init(terminal: Terminal) {
    self.terminal = terminal
  }

  /// Holds the watcher's frames back until ``draw(_:message:)`` or ``endCommand()``.
  public func beginCommand() {
    shown.withValue { $0.isApplyingCommand = true }
  }

  /// Ends the command without a frame (a command that printed something else).
  public func endCommand() {
    shown.withValue { $0.isApplyingCommand = false }
  }

  /// Draws `list` and `message` (the command loop prints the prompt next), and ends the command.
  public func draw(_ list: TodosFeature.State, message: String? = nil) {
    shown.withValue { shown in
      terminal.draw(list, message: message)
      shown = Shown(list: list)
    }
  }

  /// The watcher's frame, ending with the prompt (the user is typing): drawn unless a command is
  /// being applied, or `list` is already shown and there is no `message`.
  public func drawChange(_ list: TodosFeature.State, message: String? = nil) {
    shown.withValue { shown in
      guard message != nil || (!shown.isApplyingCommand && shown.list != list) else { return }
      terminal.draw(list, message: message, prompt: true)
      shown.list = list
    }
  }
}
