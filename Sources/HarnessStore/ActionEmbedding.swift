/// How a child feature's actions sit inside a parent's action enum: the case's constructor,
/// e.g. `AppFeature.Action.counter`, plus extraction derived from it.
///
/// Extraction reads the enum case by reflection and checks it by re-embedding, so only the
/// constructor needs to be written: `Scope(state: \.counter, action: Action.counter)`.
public struct ActionEmbedding<Parent: Sendable, Child: Sendable>: Sendable {
  /// Wraps a child action into the parent action.
  public let embed: @Sendable (Child) -> Parent
  /// The child action inside a parent action of this case, if it is one.
  public let extract: @Sendable (Parent) -> Child?

  /// An embedding from a case constructor; extraction is derived from it.
  public init(_ embed: @escaping @Sendable (Child) -> Parent) {
    self.embed = embed
    self.extract = { parent in
      // The case's payload is the single child of the enum value's mirror, labelled with the
      // case name; re-embedding it tells this case apart from others with the same payload type.
      guard
        let payload = Mirror(reflecting: parent).children.first,
        let child = payload.value as? Child,
        Mirror(reflecting: embed(child)).children.first?.label == payload.label
      else { return nil }
      return child
    }
  }

  /// An embedding with explicit extraction, for actions reflection cannot see into.
  public init(
    embed: @escaping @Sendable (Child) -> Parent,
    extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.embed = embed
    self.extract = extract
  }
}
