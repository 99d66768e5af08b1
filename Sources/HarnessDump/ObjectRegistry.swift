/// Numbers class instances within one dump, in order of first appearance and per type
/// (`Node#1`, `Node#2`, `User#1`), so the text shows identity without printing addresses and a
/// repeated or cyclic reference prints `Node#1(↩︎)` instead of its contents again.
struct ObjectRegistry {
  private var numbers: [ObjectIdentifier: Int] = [:]
  private var countPerType: [ObjectIdentifier: Int] = [:]
  private var identifierNumbers: [ObjectIdentifier: Int] = [:]
  // Keeps every numbered object alive for the whole dump: a temporary object (say, from a
  // `customDumpValue`) freed mid-dump could otherwise lend its address to a new one.
  private var retained: [AnyObject] = []

  /// The object's number, and whether this is its first appearance.
  mutating func register(_ object: AnyObject) -> (number: Int, isFirst: Bool) {
    let id = ObjectIdentifier(object)
    if let number = numbers[id] { return (number, false) }
    let typeID = ObjectIdentifier(type(of: object))
    let number = countPerType[typeID, default: 0] + 1
    countPerType[typeID] = number
    numbers[id] = number
    retained.append(object)
    return (number, true)
  }

  /// A number for a bare `ObjectIdentifier`, in order of first appearance.
  mutating func number(forIdentifier identifier: ObjectIdentifier) -> Int {
    if let number = identifierNumbers[identifier] { return number }
    let number = identifierNumbers.count + 1
    identifierNumbers[identifier] = number
    return number
  }
}
