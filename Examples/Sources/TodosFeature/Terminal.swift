#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes to the terminal with `write(2)`, one whole frame at a time, from any thread.
///
/// Not through stdio: `fflush(nil)` (needed to push out a prompt without a newline) takes the
/// lock of every stream, standard input's too, which `readLine` holds while it waits for a line,
/// so a redraw from another thread would hang until the user pressed return.
public final class Terminal: Sendable {
  private let output: Int32
  private let errorOutput: Int32
  private let lock = LockedValue(())

  public init(output: Int32 = STDOUT_FILENO, errorOutput: Int32 = STDERR_FILENO) {
    self.output = output
    self.errorOutput = errorOutput
  }

  /// `text` and a newline on standard output.
  public func write(_ text: String) { send(text + "\n", to: output) }

  /// `text` and a newline on standard error.
  public func error(_ text: String) { send(text + "\n", to: errorOutput) }

  /// The prompt, without a newline.
  public func prompt() { send(Self.prompt, to: output) }

  /// Clears the screen and draws `list`, then `message`, the help line and, when `prompt` is
  /// true, the prompt (for a redraw while the user is typing).
  public func draw(_ list: TodosFeature.State, message: String? = nil, prompt: Bool = false) {
    send(Self.screen(list, message: message) + (prompt ? Self.prompt : ""), to: output)
  }

  /// What ``draw(_:message:prompt:)`` writes, without the prompt.
  public static func screen(_ list: TodosFeature.State, message: String? = nil) -> String {
    var screen = "\u{1B}[2J\u{1B}[H"  // clear the screen, cursor home
    screen += render(list) + "\n"
    if let message { screen += "\n\(message)\n" }
    screen += "\nType a command (help for the list):\n"
    return screen
  }

  static let prompt = "todos> "

  private func send(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    lock.withValue { _ in
      while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        bytes = bytes.dropFirst(written)
      }
    }
  }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
