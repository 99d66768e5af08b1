#if Servers
/// The body of `POST /todos`: `{"title": "Buy milk"}`, optionally with `"isComplete": true`.
public struct NewTodo: Decodable, Sendable {
  /// The title; must not be empty (after trimming spaces).
  public var title: String
  /// Whether the todo starts completed; `false` when missing.
  public var isComplete: Bool?
}
#endif
