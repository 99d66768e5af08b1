/// A world's live tasks and what it knows of each, with a direct-mapped cache of their ids that
/// answers "is this task the world's?" for most jobs without a dictionary lookup (in a debug
/// build under ThreadSanitizer every access to a dictionary of the engine's types takes a lock of
/// the runtime's, which every thread running such code then contends for). Guarded by its world's
/// lock.
struct MemberTable: ~Copyable {
  private var members: [TaskKey: World.Member] = [:]
  /// Ids of members, by `id % slots`; 0 is no task. A hit is certain, a miss asks `members`.
  private let recent: UnsafeMutablePointer<UInt64>
  private static let slots = 256

  init() {
    recent = .allocate(capacity: Self.slots)
    recent.initialize(repeating: 0, count: Self.slots)
  }

  deinit {
    recent.deallocate()
  }

  private static func slot(_ task: UInt64) -> Int { Int(task % UInt64(slots)) }

  /// Whether `task` is a member.
  func contains(_ task: UInt64) -> Bool {
    task != 0 && (recent[Self.slot(task)] == task || members[TaskKey(task)] != nil)
  }

  subscript(task: UInt64) -> World.Member? {
    get { members[TaskKey(task)] }
    set {
      if let newValue {
        members[TaskKey(task)] = newValue
        recent[Self.slot(task)] = task
      } else {
        remove(task)
      }
    }
  }

  /// Forgets `task`, returning what was known of it.
  @discardableResult
  mutating func remove(_ task: UInt64) -> World.Member? {
    if recent[Self.slot(task)] == task { recent[Self.slot(task)] = 0 }
    return members.removeValue(forKey: TaskKey(task))
  }

  /// Forgets every member.
  mutating func removeAll() {
    members = [:]
    recent.update(repeating: 0, count: Self.slots)
  }

  var count: Int { members.count }
  var isEmpty: Bool { members.isEmpty }
  /// The members' ids.
  var tasks: [UInt64] { members.keys.map(\.id) }
  /// Every member, by id (a copy, for reports).
  var all: [(task: UInt64, member: World.Member)] { members.map { ($0.key.id, $0.value) } }

  /// Changes what is known of `task`, if it is a member.
  mutating func update(_ task: UInt64, _ change: (inout World.Member) -> Void) {
    guard var member = members[TaskKey(task)] else { return }
    change(&member)
    members[TaskKey(task)] = member
  }
}
