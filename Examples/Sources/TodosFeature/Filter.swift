/// Which todos the list shows.
public enum Filter: String, CaseIterable, Codable, Sendable {
  case all
  case active
  case completed

  /// Whether `todo` is shown under this filter.
  public func includes(_ todo: Todo.State) -> Bool {
    switch self {
    case .all: true
    case .active: !todo.isComplete
    case .completed: todo.isComplete
    }
  }
}

/// Whether the list is being rearranged (the terminal analogue of a list's edit mode). Carried
/// by the `Todo Deleted` analytics event.
public enum EditMode: String, Codable, Sendable {
  case inactive
  case active
}
