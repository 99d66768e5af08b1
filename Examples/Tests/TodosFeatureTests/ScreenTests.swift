#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Harness
import Testing
import TodosFeature

/// One frame per command: the state watcher's frames are held back while a command is applied,
/// and a list already on the screen is not drawn again.
@Suite struct ScreenTests {
  @Test func aCommandMakesOneFrameAndItsIntermediateStatesNone() throws {
    let output = try Output()
    let screen = Screen(terminal: Terminal(output: output.writeEnd))
    let untitled = TodosFeature.State(todos: [Todo.State(id: UUID(0))])
    let titled = TodosFeature.State(todos: [Todo.State(id: UUID(0), description: "Buy milk")])

    screen.beginCommand()
    screen.drawChange(untitled)   // the watcher sees the new todo before its text: not drawn
    screen.drawChange(titled)
    screen.draw(titled)           // the command's frame
    screen.drawChange(titled)     // the watcher catches up: already shown

    let text = output.read()
    #expect(text.components(separatedBy: "\u{1B}[2J").count - 1 == 1)
    #expect(!text.contains("(untitled)"))
    #expect(text.contains("1. [ ] Buy milk"))
  }

  @Test func aChangeOnItsOwnIsDrawnWithThePrompt() throws {
    let output = try Output()
    let screen = Screen(terminal: Terminal(output: output.writeEnd))
    let active = TodosFeature.State(todos: [Todo.State(id: UUID(0), description: "Buy milk")])
    screen.draw(active)
    let sorted = TodosFeature.State(todos: [Todo.State(id: UUID(0), description: "Buy milk", isComplete: true)])
    screen.drawChange(sorted)
    let text = output.read()
    #expect(text.components(separatedBy: "\u{1B}[2J").count - 1 == 2)
    #expect(text.hasSuffix("todos> "))
  }
}

/// A pipe the terminal writes to; `read()` closes the writing end and returns all it got.
private final class Output {
  let readEnd: Int32
  let writeEnd: Int32

  init() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
    (readEnd, writeEnd) = (ends[0], ends[1])
  }

  func read() -> String {
    close(writeEnd)
    defer { close(readEnd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(readEnd, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
