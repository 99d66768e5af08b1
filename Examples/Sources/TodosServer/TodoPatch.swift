#if Servers
/// The body of `PATCH /todos/{id}`: the fields to change, at least one of them.
public struct TodoPatch: Decodable, Sendable {
  /// The new title, if it changes; must not be empty.
  public var title: String?
  /// The new completion state, if it changes.
  public var isComplete: Bool?
}
#endif
