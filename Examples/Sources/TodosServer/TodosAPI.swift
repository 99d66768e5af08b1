#if Servers
import Foundation
import GRDB
import Harness
import HarnessHummingbird
import Hummingbird

/// The Todos HTTP API:
///
/// | request | answer |
/// | --- | --- |
/// | `GET /todos` | 200, every todo, oldest first |
/// | `POST /todos` `{"title": …}` | 201, the new todo (id from `uuid`, `createdAt` from `date`) |
/// | `PATCH /todos/{id}` `{"title": …, "isComplete": …}` | 200, the changed todo; 404 if unknown |
/// | `DELETE /todos/{id}` | 204; 404 if unknown |
/// | `POST /todos/clear-completed` | 200, the todos left |
///
/// Bad input is 400 with a message naming the field, a body over ``JSONBody/maxSize`` is 413;
/// another method on these paths is 405 with an `Allow` header, another path 404. Every answer
/// is JSON with its keys sorted and a newline at the end (errors: `{"error":{"message":"…"}}`).
/// The handlers take the database, `uuid` and `date` from dependencies.
public enum TodosAPI {
  /// Adds the routes under `/todos` to `router`.
  public static func addRoutes<Context: RequestContext>(to router: Router<Context>) {
    let todos = router.group("todos")
    todos.get { _, _ in try list() }
    todos.post { request, _ in try await create(request) }
    todos.post("clear-completed") { _, _ in try clearCompleted() }
    todos.patch("{id}") { request, context in try await update(request, id: context.parameters.get("id")) }
    todos.delete("{id}") { _, context in try delete(id: context.parameters.get("id")) }
  }

  static func list() throws -> [Todo] {
    @Dependency(\.todoDatabase) var database
    return try database.all()
  }

  static func create(_ request: Request) async throws -> EditedResponse<Todo> {
    @Dependency(\.todoDatabase) var database
    @Dependency(\.uuid) var uuid
    @Dependency(\.date.now) var now
    let new = try await JSONBody.decode(NewTodo.self, from: request)
    let todo = Todo(id: uuid(), title: try title(new.title), isComplete: new.isComplete ?? false, createdAt: now)
    do {
      try database.insert(todo)
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
      throw HTTPError(.conflict, message: "A todo with id \(todo.id) already exists")
    }
    return EditedResponse(status: .created, response: todo)
  }

  static func update(_ request: Request, id: String?) async throws -> Todo {
    @Dependency(\.todoDatabase) var database
    let id = try todoID(id)
    var patch = try await JSONBody.decode(TodoPatch.self, from: request)
    guard patch.title != nil || patch.isComplete != nil else {
      throw HTTPError(.badRequest, message: "Nothing to change: send 'title' or 'isComplete'")
    }
    patch.title = try patch.title.map(title)
    guard let todo = try database.update(id: id, with: patch) else { throw notFound(id) }
    return todo
  }

  static func delete(id: String?) throws -> HTTPResponse.Status {
    @Dependency(\.todoDatabase) var database
    let id = try todoID(id)
    guard try database.delete(id: id) else { throw notFound(id) }
    return .noContent
  }

  static func clearCompleted() throws -> [Todo] {
    @Dependency(\.todoDatabase) var database
    return try database.clearCompleted()
  }

  /// `text` trimmed; 400 if nothing is left.
  private static func title(_ text: String) throws -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw HTTPError(.badRequest, message: "Field 'title' must not be empty") }
    return trimmed
  }

  private static func todoID(_ text: String?) throws -> UUID {
    guard let text, let id = UUID(uuidString: text) else {
      throw HTTPError(.badRequest, message: "Path parameter 'id' must be a UUID, not '\(text ?? "")'")
    }
    return id
  }

  private static func notFound(_ id: UUID) -> HTTPError {
    HTTPError(.notFound, message: "No todo with id \(id)")
  }
}
#endif
