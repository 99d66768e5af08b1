/// Numbers class instances, in order of first appearance and per type (`Node#1`, `Node#2`,
/// `User#1`), so the text shows identity without printing addresses and a repeated or cyclic
/// reference prints `Node#1(↩︎)` instead of its contents again.
///
/// A diff numbers both of its dumps with one registry: the expected value first, then the
/// actual value. An instance on both sides keeps its number; an instance only in the actual
/// value gets a number of its own, so two distinct instances never show as the same object.
struct ObjectRegistry {
  private var numbers: [ObjectIdentifier: Int] = [:]
  private var countPerType: [ObjectIdentifier: Int] = [:]
  private var identifierNumbers: [ObjectIdentifier: Int] = [:]
  private var addressNumbers: [UInt: Int] = [:]
  /// The objects whose contents the current dump has written.
  private var written: Set<ObjectIdentifier> = []
  // Keeps every numbered object alive for the whole dump: a temporary object (say, from a
  // `customDumpValue`) freed mid-dump could otherwise lend its address to a new one.
  private var retained: [AnyObject] = []

  /// The object's number, and whether this is its first appearance in the current dump.
  mutating func register(_ object: AnyObject) -> (number: Int, isFirst: Bool) {
    let id = ObjectIdentifier(object)
    let isFirst = written.insert(id).inserted
    if let number = numbers[id] { return (number, isFirst) }
    let typeID = ObjectIdentifier(type(of: object))
    let number = countPerType[typeID, default: 0] + 1
    countPerType[typeID] = number
    numbers[id] = number
    retained.append(object)
    return (number, isFirst)
  }

  /// Starts the other dump of a diff: objects keep their numbers, and each is written in full
  /// again the first time it appears there.
  mutating func startNextDump() {
    written.removeAll(keepingCapacity: true)
  }

  /// A number for a pointer's address, in order of first appearance.
  mutating func number(forAddress address: UInt) -> Int {
    if let number = addressNumbers[address] { return number }
    let number = addressNumbers.count + 1
    addressNumbers[address] = number
    return number
  }

  /// A number for a bare `ObjectIdentifier`, in order of first appearance.
  mutating func number(forIdentifier identifier: ObjectIdentifier) -> Int {
    if let number = identifierNumbers[identifier] { return number }
    let number = identifierNumbers.count + 1
    identifierNumbers[identifier] = number
    return number
  }
}
