import Foundation
import Testing
import TodosFeature

/// The file client against a real temporary folder: what a user sees when the file is not usable.
@Suite struct FileClientTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("todos-file-client-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  @Test func aFolderGivenAsTheFileIsNamedInWords() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let client = FileClient.file(folder)
    let error = try await #require(throws: TodosFileError.self) { try await client.load() }
    #expect(
      error.description == """
        Could not read the todos in \(folder.path): it is a folder, not a file (give a file path such as \(folder.path)/todos.json)
        The file was left as it is. Fix or move it, or choose another file with --file PATH.
        """
    )
    #expect(!error.description.contains("error 256"))
  }

  @Test func aSaveIntoAMissingFolderSaysWhichFolder() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("missing/todos.json")
    let client = FileClient.file(url)
    #expect(try await client.load() == [])
    let error = try await #require(throws: TodosSaveError.self) { try await client.save([]) }
    #expect(error == TodosSaveError(url: url, reason: "the folder \(folder.path)/missing does not exist"))
    #expect(error.description.hasPrefix("Could not save the todos to \(url.path): the folder"))
  }

  @Test func aSaveOverAFolderSaysSo() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let error = TodosSaveError(url: folder, error: CocoaError(.fileWriteUnknown))
    #expect(error.reason == "it is a folder, not a file")
  }

  @Test func aSaveThenALoadRoundTrips() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let client = FileClient.file(folder.appendingPathComponent("todos.json"))
    let todos = [Todo.State(id: UUID(0), description: "Milk", isComplete: true)]
    try await client.save(todos)
    #expect(try await client.load() == todos)
  }
}

@Suite struct TerminalTests {
  @Test func aScreenClearsThenShowsTheListAndTheMessage() {
    let list = TodosFeature.State(todos: [Todo.State(id: UUID(0), description: "Milk")])
    #expect(
      Terminal.screen(list, message: "! Could not save")
        == "\u{1B}[2J\u{1B}[H" + render(list) + "\n\n! Could not save\n\nType a command (help for the list):\n"
    )
  }
}
