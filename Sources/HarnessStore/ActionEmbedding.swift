import HarnessDump
import HarnessIssues
import Synchronization

/// How a child feature's actions sit inside a parent's action enum. See ``CaseEmbedding``.
public typealias ActionEmbedding<Parent: Sendable, Child: Sendable> = CaseEmbedding<Parent, Child>

/// How a value sits in a case of an enum: how to wrap it (`embed`) and how to find it
/// (`extract`). Used for child actions (``ActionEmbedding``) and for child state held in a case
/// of an enum state (`ifCaseLet`, `Scope`).
///
/// Write the extraction yourself when you can; it never depends on the runtime:
///
/// <!-- fragment: inside a parent feature whose Action has a counter case -->
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
    let key = LearnedCases.Key(embed, parent: Parent.self, child: Child.self)
    let learned = LearnedCase(key.flatMap(LearnedCases.learned(for:)))
    let parentIsReflectable = Parent.self is any CustomReflectable.Type
    // An embedding of a type into itself may be the identity, which matches every case.
    let mayLearn = Child.self != Parent.self
    self.embed = embed
    self.extract = { parent in
      let parentTag = EnumTag.tag(of: parent)
      // Once the case is known (from this embedding, or from the same constructor before),
      // other cases are turned away, and this case's payload read, without reflection.
      if let parentTag, let known = learned.value {
        guard parentTag == known.tag else { return nil }
        if let indirect = known.indirect {
          return EnumTag.payload(of: parent, tag: parentTag, indirect: indirect, as: Child.self)
        }
      }
      guard
        let (child, storedType) = CaseEmbedding.extract(
          parent, tag: parentTag, embed: embed, isReflectable: parentIsReflectable, location: location
        )
      else { return nil }
      if mayLearn, let parentTag, learned.value == nil {
        // The payload can be read directly only if it is stored as exactly `Child`.
        let indirect = EnumTag.sameLayout(storedType, Child.self) ? EnumTag.isIndirect(tag: parentTag, of: Parent.self) : nil
        let value = LearnedCases.Learned(tag: parentTag, indirect: indirect)
        learned.value = value
        if let key { LearnedCases.learn(value, for: key) }
      }
      return child
    }
  }

  /// An embedding with explicit extraction: works whatever the runtime can reflect.
  public init(
    embed: @escaping @Sendable (Child) -> Parent,
    extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// The child in `parent` by reflection, and the type its case stores it as.
  private static func extract(
    _ parent: Parent,
    tag parentTag: UInt32?,
    embed: (Child) -> Parent,
    isReflectable: Bool,
    location: SourceCodeLocation
  ) -> (Child, Any.Type)? {
    var problem: ReflectionProblem?
    if isReflectable {
      problem = .customReflectable
    } else if let payload = Mirror(reflecting: parent).children.first {
      if let child = payload.value as? Child, isSameCase(embed(child), parent, tag: parentTag, label: payload.label) {
        return (child, type(of: payload.value))
      }
    } else if let parentTag, let payloadCases = EnumTag.payloadCaseCount(Parent.self), parentTag < payloadCases {
      // A payload case whose payload Mirror cannot see: reflection metadata is stripped.
      problem = .metadataStripped
    }
    // Checked after the payload, so that a recursive case (`.nested(Self)`) is not taken for it:
    // the identity embedding (or one that keeps every case) has the parent as its child.
    if Child.self == Parent.self, let same = parent as? Child, EnumTag.tag(of: embed(same)) == parentTag {
      return (same, Parent.self)
    }
    if let problem {
      ReflectionProblem.report(problem, parent: Parent.self, child: Child.self, at: location)
    }
    return nil
  }

  /// Whether `embedded` is the same case as `parent`, not merely one with the same payload
  /// type: by the runtime's case tags (names may be stripped), or the case names for parents
  /// that are not enums.
  private static func isSameCase(_ embedded: Parent, _ parent: Parent, tag parentTag: UInt32?, label: String?) -> Bool {
    if let parentTag { return EnumTag.tag(of: embedded) == parentTag }
    guard let label else { return false }
    return Mirror(reflecting: embedded).children.first?.label == label
  }

}

/// What an embedding has learned about its case: set once, then read without a lock.
final class LearnedCase: Sendable {
  private let storage: Locked<LearnedCases.Learned?>

  init(_ value: LearnedCases.Learned?) { storage = Locked(value) }

  var value: LearnedCases.Learned? {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// What case constructors have been learned to build, across embeddings: a reducer's `body` is
/// rebuilt for every action, so each `Scope` there is a new embedding of the same constructor.
///
/// Keyed by the constructor's function pointer, only for closures without a context (a case
/// constructor reference in optimized builds): such a closure always builds the same case.
enum LearnedCases {
  struct Learned: Sendable, Equatable {
    /// The case's tag.
    var tag: UInt32
    /// Whether its payload is boxed; nil when it cannot be read directly (reflection only).
    var indirect: Bool?
  }

  struct Key: Hashable, Sendable {
    let function: UInt
    let parent: ObjectIdentifier
    let child: ObjectIdentifier

    init?<Parent, Child>(_ embed: @escaping @Sendable (Child) -> Parent, parent: Parent.Type, child: Child.Type) {
      // A closure is a function pointer and a context; with no context, the pointer says it all.
      let (function, context) = unsafeBitCast(embed, to: (UInt, UInt).self)
      guard context == 0 else { return nil }
      self.function = function
      self.parent = ObjectIdentifier(parent)
      self.child = ObjectIdentifier(child)
    }
  }

  private static let table = Locked([Key: Learned]())

  static func learned(for key: Key) -> Learned? { table.withLock { $0[key] } }

  static func learn(_ learned: Learned, for key: Key) { table.withLock { $0[key] = learned } }
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
