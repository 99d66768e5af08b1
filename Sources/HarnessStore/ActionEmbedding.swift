import HarnessDump
import HarnessIssues

/// How a child feature's actions sit inside a parent's action enum. See ``CaseEmbedding``.
public typealias ActionEmbedding<Parent: Sendable, Child: Sendable> = CaseEmbedding<Parent, Child>

/// How a value sits in a case of an enum: how to wrap it (`embed`) and how to find it
/// (`extract`). Used for child actions (``ActionEmbedding``) and for child state held in a case
/// of an enum state (`ifCaseLet`, `Scope`).
///
/// Write the extraction yourself when you can; it never depends on the runtime:
///
/// ```swift
/// ActionEmbedding(embed: Action.counter, extract: { if case let .counter(a) = $0 { a } else { nil } })
/// ```
///
/// The shorthand `ActionEmbedding(Action.counter)` (what `Scope(state:action:)`, `ifLet` and
/// `forEach` accept as a case constructor) derives extraction from the constructor: it reads the
/// payload with `Mirror` and checks that the parent action is the constructor's case by the
/// runtime's case tag, so cases with the same payload type never match each other. Where the
/// runtime cannot show the payload (reflection metadata stripped with
/// `-disable-reflection-metadata`, or a parent action that is `CustomReflectable`), the first
/// routed action reports an issue naming the fix — the explicit form above.
public struct CaseEmbedding<Parent: Sendable, Child: Sendable>: Sendable {
  /// Wraps a child value (action or state) into the parent enum.
  public let embed: @Sendable (Child) -> Parent
  /// The child value inside a parent of this case, if it is one.
  public let extract: @Sendable (Parent) -> Child?

  /// An embedding from a case constructor (`Action.child`, `State.loggedIn`); extraction is
  /// derived from it.
  /// The identity (`{ $0 }`) embeds every action as itself.
  public init(
    _ embed: @escaping @Sendable (Child) -> Parent,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.embed = embed
    self.extract = { parent in CaseEmbedding.extract(parent, embed: embed, location: location) }
  }

  /// An embedding with explicit extraction: works whatever the runtime can reflect.
  public init(
    embed: @escaping @Sendable (Child) -> Parent,
    extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.embed = embed
    self.extract = extract
  }

  private static func extract(
    _ parent: Parent,
    embed: (Child) -> Parent,
    location: SourceCodeLocation
  ) -> Child? {
    let parentTag = EnumTag.tag(of: parent)
    if Child.self == Parent.self, let same = parent as? Child, EnumTag.tag(of: embed(same)) == parentTag {
      // The identity embedding (or one that keeps every case): the child is the parent itself.
      return same
    }
    if parent is any CustomReflectable {
      ReflectionProblem.report(.customReflectable, parent: Parent.self, child: Child.self, at: location)
      return nil
    }
    let mirror = Mirror(reflecting: parent)
    guard let payload = mirror.children.first else {
      if let parentTag, let payloadCases = EnumTag.payloadCaseCount(Parent.self), parentTag < payloadCases {
        // A payload case whose payload Mirror cannot see: reflection metadata is stripped.
        ReflectionProblem.report(.metadataStripped, parent: Parent.self, child: Child.self, at: location)
      }
      return nil
    }
    guard let child = payload.value as? Child else { return nil }
    // Same case, not merely the same payload type: compare the runtime's case tags (names may
    // be stripped), or the case names for parents that are not enums.
    if let parentTag {
      guard EnumTag.tag(of: embed(child)) == parentTag else { return nil }
    } else {
      guard let label = payload.label, Mirror(reflecting: embed(child)).children.first?.label == label else {
        return nil
      }
    }
    return child
  }
}

/// Why a case-constructor embedding could not route an action; reported once per action type
/// and test.
enum ReflectionProblem {
  case customReflectable
  case metadataStripped

  private static let reported = Locked(Set<String>())

  static func report(_ problem: Self, parent: Any.Type, child: Any.Type, at location: SourceCodeLocation) {
    // Once per test (per process outside tests): each test that routes such an action learns it.
    let key = "\(problem) \(parent) \(child) \(TestContext.current?.id ?? "")"
    guard reported.withLock({ $0.insert(key).inserted }) else { return }
    let parent = TypeName.full(for: parent)
    let child = TypeName.full(for: child)
    let cause =
      switch problem {
      case .customReflectable:
        "'\(parent)' is CustomReflectable, so its Mirror does not show the case's payload"
      case .metadataStripped:
        "the runtime has no reflection metadata for '\(parent)' (built with -disable-reflection-metadata?)"
      }
    reportIssue(
      ReportedIssue(
        message: """
          A case constructor cannot extract '\(child)' from '\(parent)': \(cause). \
          The child feature did not get it (its action was not delivered, or its state was \
          treated as absent).

          Write the extraction explicitly, e.g.
            ActionEmbedding(embed: Action.child, extract: { if case let .child(a) = $0 { a } else { nil } })
          and pass it where the case constructor was (Scope, ifLet, forEach, receive).
          """,
        location: location
      )
    )
  }
}
