import Foundation

/// What a dump writes for each kind of value.
extension DumpWriter {
  /// Writes `value` at the current position.
  ///
  /// - `counterpart`: in a diff, the value at the same place in the other dump (see
  ///   `Counterpart`); `.none` otherwise.
  /// - `isRoot`: true for the dumped value itself (and what it stands for: an optional's wrapped
  ///   value, a substitute). A root enum case is written with its type (`Status.active`), a
  ///   nested one without (`.active`).
  mutating func writeValue(_ value: Any, counterpart: Counterpart, depth: Int, isRoot: Bool) {
    let valueType = type(of: value)
    // Only a counterpart of the same type can be compared part by part.
    var other: Any?
    if let counterpartValue = counterpart.value {
      if type(of: counterpartValue) == valueType {
        if side != nil, isCustomDiffable(valueType) {
          return writeCustomDiffValue(value, other: counterpartValue, depth: depth, isRoot: isRoot)
        }
        other = counterpartValue
      } else if Self.dumpsAlike(value, counterpartValue) {
        // Values of different types always differ: `29.99 as Float` against `29.99 as Double`.
        writeValue(value, counterpart: .none, depth: depth, isRoot: isRoot)
        write(" as ")
        return write(TypeName.full(for: valueType))
      }
    }
    switch kind(of: valueType, sample: value) {
    case .optional:
      writeOptional(value, other: other, depth: depth, isRoot: isRoot)
    case .metatype:
      write(TypeName.full(for: value as! Any.Type))
      write(".self")
    case .customDescription:
      writeDescription((value as! any CustomDumpStringConvertible).customDumpDescription)
    case .representable:
      writeSubstitute(of: value, other: other, depth: depth, isRoot: isRoot)
    case .reflectable:
      let mirror = (value as! any CustomDumpReflectable).customDumpMirror
      let otherMirror = other.map { ($0 as! any CustomDumpReflectable).customDumpMirror }
      writeMirror(mirror, of: value, other: otherMirror, depth: depth, isRoot: isRoot, isGiven: true)
    case .string:
      writeString(value as! String)
    case .int:
      write((value as! Int).description)
    case .double:
      write((value as! Double).description)
    case .bool:
      write(value as! Bool ? "true" : "false")
    case .described:
      write(String(describing: value))
    case .stringLike:
      writeString(String(describing: value))
    case .builtin(let format):
      if let mirror = format.fieldsMirror(of: value) {
        let otherMirror = other.flatMap { format.fieldsMirror(of: $0) }
        writeMirror(mirror, of: value, other: otherMirror, depth: depth, isRoot: isRoot)
      } else if let text = format.text(of: value, objects: &objects) {
        write(text)
      }
    case .bridged(let bridge):
      let otherValue = other.map(bridge.swiftValue(of:))
      writeValue(bridge.swiftValue(of: value), counterpart: Counterpart(otherValue), depth: depth, isRoot: isRoot)
    case .anyHashable:
      let base = (value as! AnyHashable).base
      let otherBase = other.map { ($0 as! AnyHashable).base }
      writeValue(base, counterpart: Counterpart(otherBase), depth: depth, isRoot: isRoot)
    case .range:
      let range = value as! any RangeDumpable
      writeValue(range.dumpBounds.lower, counterpart: .none, depth: depth + 1, isRoot: false)
      write(type(of: range).dumpOperator)
      writeValue(range.dumpBounds.upper, counterpart: .none, depth: depth + 1, isRoot: false)
    case .simd:
      write(TypeName.full(for: valueType))
      write("(")
      for (index, scalar) in (value as! any SIMDDumpable).dumpScalars.enumerated() {
        if index > 0 { write(", ") }
        writeValue(scalar, counterpart: .none, depth: depth + 1, isRoot: false)
      }
      write(")")
    case .pointer:
      let address = (value as! any PointerDumpable).dumpAddress
      write("\(TypeName.header(for: valueType))(#\(objects.number(forAddress: address)))")
    case .array:
      writeArray(value as! any ArrayDumpable, other: other as! (any ArrayDumpable)?, depth: depth)
    case .unordered:
      writeUnordered(value as! any UnorderedDumpable, other: other as! (any UnorderedDumpable)?, depth: depth)
    case .mirror:
      let otherMirror = other.map { Mirror(reflecting: $0) }
      writeMirror(Mirror(reflecting: value), of: value, other: otherMirror, depth: depth, isRoot: isRoot)
    }
  }

  mutating func kind(of valueType: Any.Type, sample value: Any) -> ValueKind {
    let key = ObjectIdentifier(valueType)
    if let kind = kinds[key] { return kind }
    let kind = ValueKind.of(valueType, sample: value)
    kinds[key] = kind
    return kind
  }

  /// Whether a diff asks the type what to compare (see `CustomDiffable`).
  mutating func isCustomDiffable(_ valueType: Any.Type) -> Bool {
    let key = ObjectIdentifier(valueType)
    if let answer = customDiffableTypes[key] { return answer }
    let answer = valueType is any CustomDiffable.Type
    customDiffableTypes[key] = answer
    return answer
  }

  /// In a diff, the value `CustomDiffable` chose for this side, compared with the other side's.
  private mutating func writeCustomDiffValue(_ value: Any, other: Any, depth: Int, isRoot: Bool) {
    let diffable = type(of: value) as! any CustomDiffable.Type
    let isExpected = side == .expected
    guard substitutionDepth < 32,
      let values = isExpected
        ? diffable.diffValues(expected: value, actual: other)
        : diffable.diffValues(expected: other, actual: value)
    else {
      return writeValue(value, counterpart: .none, depth: depth, isRoot: isRoot)
    }
    let (mine, theirs) = isExpected ? (values.expected, values.actual) : (values.actual, values.expected)
    substitutionDepth += 1
    writeValue(mine, counterpart: .different(theirs), depth: depth, isRoot: isRoot)
    substitutionDepth -= 1
  }

  /// Whether two values (of different types) have the same dump.
  private static func dumpsAlike(_ value: Any, _ other: Any) -> Bool {
    bytes(dumping: value) == bytes(dumping: other)
  }

  /// Whether containers at `depth` are written folded (`Type(…)`).
  private func isFolded(at depth: Int) -> Bool {
    depth >= maxDepth || isFolding || depth >= Self.nestingLimit
  }

  /// Deeper values are folded whatever `maxDepth` says: each level takes stack, and a long
  /// linked list (thousands of levels) would otherwise overflow a task's stack.
  static var nestingLimit: Int { 300 }

  /// Writes a child of a container: folded when it equals its counterpart.
  private mutating func writeChild(_ value: Any, counterpart: Counterpart, depth: Int) {
    var counterpart = counterpart
    if case .unknown(let other) = counterpart {
      // A `CustomDiffable` type decides for itself: equal values may still show a difference.
      let isEqual = side != nil && isCustomDiffable(type(of: value)) ? false : Equality.areEqual(value, other)
      counterpart = isEqual ? .equal : .different(other)
    }
    // Objects keep their identity line (`Node#2(…)` would renumber the rest of the dump).
    guard case .equal = counterpart, !isFolding, !(type(of: value) is AnyClass) else {
      return writeValue(value, counterpart: counterpart, depth: depth, isRoot: false)
    }
    isFolding = true
    writeValue(value, counterpart: .none, depth: depth, isRoot: false)
    isFolding = false
  }

  // MARK: Optionals, substitutes, descriptions

  /// `nil`, the wrapped value, or `.some(nil)` for an optional holding an empty optional.
  private mutating func writeOptional(_ value: Any, other: Any?, depth: Int, isRoot: Bool) {
    var current = value
    var currentOther = other
    var levels = 0
    while let wrapped = (current as! any OptionalDumpable).dumpWrapped {
      let wrappedOther = currentOther.flatMap { ($0 as? any OptionalDumpable)?.dumpWrapped }
      guard case .optional = kind(of: type(of: wrapped), sample: wrapped) else {
        return writeValue(wrapped, counterpart: Counterpart(wrappedOther), depth: depth, isRoot: isRoot)
      }
      current = wrapped
      currentOther = wrappedOther
      levels += 1
    }
    for _ in 0..<levels { write(".some(") }
    write("nil")
    for _ in 0..<levels { write(")") }
  }

  private mutating func writeSubstitute(of value: Any, other: Any?, depth: Int, isRoot: Bool) {
    let substitute = (value as! any CustomDumpRepresentable).customDumpValue
    let otherSubstitute = other.map { ($0 as! any CustomDumpRepresentable).customDumpValue }
    // A substitute of the same type (or a chain that loops) would never end: dump the fields.
    guard type(of: substitute) != type(of: value), substitutionDepth < 32 else {
      let otherMirror = otherSubstitute.map { Mirror(reflecting: $0) }
      return writeMirror(
        Mirror(reflecting: substitute), of: substitute, other: otherMirror, depth: depth, isRoot: isRoot
      )
    }
    substitutionDepth += 1
    writeValue(substitute, counterpart: Counterpart(otherSubstitute), depth: depth, isRoot: isRoot)
    substitutionDepth -= 1
  }

  private mutating func writeDescription(_ description: String) {
    guard isFolding, let newline = description.utf8.firstIndex(of: 10) else {
      return writeIndentedText(description)
    }
    write(String(description.utf8[..<newline])!)
    write("…")
  }

  // MARK: Strings

  /// `"text"`, or a `"""` block for text with newlines, its lines at the current indentation
  /// (two more when a label precedes the opening quotes).
  mutating func writeString(_ string: String) {
    guard StringLiteral.isMultiline(string) else {
      StringLiteral.appendQuoted(string, to: &bytes)
      return
    }
    if isFolding { return write("\"\"\"…\"\"\"") }
    let blockIndent = indent + (isMidLine ? 2 : 0)
    write("\"\"\"")
    for line in string.split(separator: "\n", omittingEmptySubsequences: false) {
      newline()
      if !line.isEmpty {
        writeSpaces(blockIndent)
        StringLiteral.appendBlockLine(line, to: &bytes)
      }
    }
    newline()
    writeSpaces(blockIndent)
    write("\"\"\"")
  }

  // MARK: Collections

  private mutating func writeArray(_ array: any ArrayDumpable, other: (any ArrayDumpable)?, depth: Int) {
    if array.dumpIsEmpty { return write("[]") }
    if isFolded(at: depth) { return write("[…]") }
    var container = openContainer("[", isCollection: true)
    if let other {
      let elements = array.dumpElements
      let counterparts = ElementPairing.pair(elements, with: other.dumpElements)
      for (index, element) in elements.enumerated() {
        let span = beginChild(of: &container, label: .index(index))
        writeChild(element, counterpart: counterparts[index], depth: depth + 1)
        endChild(span)
      }
    } else {
      var index = 0
      array.forEachDumpElement { element in
        let span = beginChild(of: &container, label: .index(index))
        writeValue(element, counterpart: .none, depth: depth + 1, isRoot: false)
        endChild(span)
        index += 1
      }
    }
    closeContainer(container, "]")
  }

  /// Ordered collections reflected through a mirror (`.collection` style).
  private mutating func writeElements(of mirror: Mirror, other: Mirror?, depth: Int) {
    if mirror.children.isEmpty { return write("[]") }
    if isFolded(at: depth) { return write("[…]") }
    let elements = mirror.children.map(\.value)
    let counterparts = other.map { ElementPairing.pair(elements, with: $0.children.map(\.value)) }
    var container = openContainer("[", isCollection: true)
    for (index, element) in elements.enumerated() {
      let span = beginChild(of: &container, label: .index(index))
      writeChild(element, counterpart: counterparts?[index] ?? .none, depth: depth + 1)
      endChild(span)
    }
    closeContainer(container, "]")
  }

  /// Dictionaries as `[key: value, …]` and sets as `Set([…])`, sorted by the dumped text of
  /// keys and elements (see `DumpOrder`).
  private mutating func writeUnordered(
    _ collection: any UnorderedDumpable,
    other: (any UnorderedDumpable)?,
    depth: Int
  ) {
    let delimiters = type(of: collection).dumpDelimiters
    if collection.dumpIsEmpty { return write(delimiters.empty) }
    if isFolded(at: depth) { return write(delimiters.folded) }
    let entries = collection.dumpEntries
      .map { (sortKey: DumpWriter.bytes(dumping: $0.key), entry: $0) }
      .sorted { DumpOrder.areInIncreasingOrder($0.sortKey, $1.sortKey) }
      .map(\.entry)
    writeEntries(entries, delimiters: delimiters, depth: depth) { key in
      Counterpart(other?.dumpValue(forKey: key))
    }
  }

  /// Dictionaries and sets reflected through a mirror: kept in the mirror's order, which the
  /// type chose (an ordered dictionary's order is part of its value).
  private mutating func writeEntries(of mirror: Mirror, isDictionary: Bool, depth: Int) {
    let delimiters: UnorderedDelimiters = isDictionary ? .dictionary : .set
    if mirror.children.isEmpty { return write(delimiters.empty) }
    if isFolded(at: depth) { return write(delimiters.folded) }
    let entries = mirror.children.map { child -> (key: Any, value: Any) in
      guard isDictionary else { return (child.value, ()) }
      let pair = Array(Mirror(reflecting: child.value).children)
      guard pair.count == 2 else { return (child.value, ()) }
      return (pair[0].value, pair[1].value)
    }
    writeEntries(entries, delimiters: delimiters, depth: depth) { _ in .none }
  }

  private mutating func writeEntries(
    _ entries: [(key: Any, value: Any)],
    delimiters: UnorderedDelimiters,
    depth: Int,
    counterpartForKey: (Any) -> Counterpart
  ) {
    var container = openContainer(delimiters.open, isCollection: true)
    for entry in entries {
      let span = beginChild(of: &container, label: .none)
      writeValue(entry.key, counterpart: .none, depth: depth + 1, isRoot: false)
      if delimiters.hasValues {
        write(": ")
        writeChild(entry.value, counterpart: counterpartForKey(entry.key), depth: depth + 1)
      }
      endChild(span)
    }
    closeContainer(container, delimiters.close)
  }

  // MARK: Mirrors

  /// - `isGiven`: the mirror is a type's own `customDumpMirror`: its children are written as
  ///   given (no inherited fields added, no bookkeeping hidden, no names changed).
  mutating func writeMirror(
    _ mirror: Mirror,
    of value: Any,
    other: Mirror?,
    depth: Int,
    isRoot: Bool,
    isGiven: Bool = false
  ) {
    // Children pair up only between mirrors of the same shape.
    let other = other.flatMap {
      $0.subjectType == mirror.subjectType && $0.displayStyle == mirror.displayStyle ? $0 : nil
    }
    switch mirror.displayStyle {
    case .optional?:
      if let wrapped = mirror.children.first?.value {
        let otherWrapped = other?.children.first?.value
        writeValue(wrapped, counterpart: Counterpart(otherWrapped), depth: depth, isRoot: isRoot)
      } else {
        write("nil")
      }
    case .collection?:
      writeElements(of: mirror, other: other, depth: depth)
    case .dictionary?:
      writeEntries(of: mirror, isDictionary: true, depth: depth)
    case .set?:
      writeEntries(of: mirror, isDictionary: false, depth: depth)
    case .enum?:
      writeEnum(mirror, of: value, other: other, depth: depth, isRoot: isRoot)
    case .tuple?:
      writeFields(open: "(", mirror.children, other: other?.children, depth: depth, hidesBookkeeping: !isGiven)
    case .struct?:
      let open = "\(TypeName.header(for: mirror.subjectType))("
      writeFields(open: open, mirror.children, other: other?.children, depth: depth, hidesBookkeeping: !isGiven)
    default:
      // `.class`, or a mirror without a style: a class instance shows its identity.
      if type(of: value) is AnyClass {
        writeObject(value as AnyObject, mirror: mirror, other: other, depth: depth, isGiven: isGiven)
      } else {
        let open = "\(TypeName.header(for: mirror.subjectType))("
        writeFields(open: open, mirror.children, other: other?.children, depth: depth, hidesBookkeeping: !isGiven)
      }
    }
  }

  /// `Type#1(fields)` the first time an object appears, `Type#1(↩︎)` after that.
  private mutating func writeObject(_ object: AnyObject, mirror: Mirror, other: Mirror?, depth: Int, isGiven: Bool) {
    let (number, isFirst) = objects.register(object)
    let header = "\(TypeName.header(for: type(of: object)))#\(number)("
    guard isFirst else { return write(header + "↩︎)") }
    guard !isGiven else {
      let children = Array(mirror.children)
      return writeFields(
        open: header, children, other: other.map { Array($0.children) }, depth: depth, hidesBookkeeping: false
      )
    }
    writeFields(
      open: header,
      Self.childrenIncludingInherited(mirror),
      other: other.map(Self.childrenIncludingInherited),
      depth: depth
    )
  }

  /// A class's stored properties, inherited ones first, as they are declared. In an
  /// `@Observable` class (it has an `_$observationRegistrar`) the macro stores `count` as
  /// `_count`: those show under the names the code uses.
  private static func childrenIncludingInherited(_ mirror: Mirror) -> [Mirror.Child] {
    var ancestors: [Mirror] = []
    var ancestor = mirror.superclassMirror
    while let next = ancestor {
      ancestors.append(next)
      ancestor = next.superclassMirror
    }
    let children = ancestors.reversed().flatMap(\.children) + mirror.children
    guard children.contains(where: { $0.label == "_$observationRegistrar" }) else { return children }
    return children.map { child in
      guard let label = child.label, label.hasPrefix("_"), !label.hasPrefix("_$") else { return child }
      return (String(label.dropFirst()), child.value)
    }
  }

  /// `Type.case`, `.case(payload)`, `.case(label: payload)`.
  private mutating func writeEnum(_ mirror: Mirror, of value: Any, other: Mirror?, depth: Int, isRoot: Bool) {
    var name = isRoot ? "\(TypeName.header(for: mirror.subjectType))." : "."
    guard let payload = mirror.children.first else {
      name += EnumCase.name(of: value)
      return write(name)
    }
    name += payload.label ?? "@unknown"
    if isFolded(at: depth) { return write(name + "(…)") }
    // The other value's payload, when it is the same case.
    let otherPayload = other?.children.first.flatMap { $0.label == payload.label ? $0.value : nil }
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      let otherChildren = otherPayload.map { Mirror(reflecting: $0).children }
      writeFields(open: name + "(", payloadMirror.children, other: otherChildren, depth: depth)
    } else {
      writeFields(
        open: name + "(",
        CollectionOfOne((label: nil, value: payload.value)),
        other: otherPayload.map { CollectionOfOne((label: nil, value: $0)) },
        depth: depth
      )
    }
  }

  /// Named (or unnamed) children between `open` and `)`. A single child that fits on a line
  /// stays on the line: `UserID(rawValue: 42)`, `.loaded(5)`.
  ///
  /// - `hidesBookkeeping`: leave out `_$`-prefixed stored properties, macro bookkeeping such as
  ///   `@Observable`'s registrar (false for a mirror a type gave).
  private mutating func writeFields<Children: Collection<Mirror.Child>>(
    open: String,
    _ children: Children,
    other: Children?,
    depth: Int,
    hidesBookkeeping: Bool = true
  ) {
    if children.isEmpty { return write(open + ")") }
    if isFolded(at: depth) { return write(open + "…)") }
    func isVisible(_ child: Mirror.Child) -> Bool {
      !hidesBookkeeping || !(child.label?.hasPrefix("_$") ?? false)
    }
    var iterator = children.lazy.filter(isVisible).makeIterator()
    var otherIterator = other.map { $0.count == children.count ? $0.lazy.filter(isVisible).makeIterator() : nil }
    guard let first = iterator.next() else { return write(open + ")") }
    let firstOther = otherIterator??.next()
    let second = iterator.next()
    if second == nil, isInlineLeaf(first.value) {
      write(open)
      writeLabel(Self.fieldLabel(first.label))
      writeValue(first.value, counterpart: .none, depth: depth + 1, isRoot: false)
      return write(")")
    }
    var container = openContainer(open, isCollection: false)
    writeField(first, other: firstOther, in: &container, depth: depth)
    var next = second
    while let child = next {
      writeField(child, other: otherIterator??.next(), in: &container, depth: depth)
      next = iterator.next()
    }
    closeContainer(container, ")")
  }

  private mutating func writeField(
    _ child: Mirror.Child,
    other: Mirror.Child?,
    in container: inout Container,
    depth: Int
  ) {
    let span = beginChild(of: &container, label: Self.fieldLabel(child.label))
    let counterpart = other.flatMap { $0.label == child.label ? Counterpart($0.value) : nil }
    writeChild(child.value, counterpart: counterpart ?? .none, depth: depth + 1)
    endChild(span)
  }

  /// Tuple elements are labelled `.0`, `.1` by the runtime: those show without a label.
  private static func fieldLabel(_ label: String?) -> ChildLabel {
    guard let label, !label.hasPrefix(".") else { return .none }
    return .field(label)
  }

  // MARK: Layout decisions

  /// Whether `value` dumps to one short line with no nested structure, so that a container
  /// holding only it can stay on one line.
  mutating func isInlineLeaf(_ value: Any) -> Bool {
    switch kind(of: type(of: value), sample: value) {
    case .optional:
      guard let wrapped = (value as! any OptionalDumpable).dumpWrapped else { return true }
      return isInlineLeaf(wrapped)
    case .metatype, .int, .double, .bool, .described, .simd, .pointer:
      return true
    case .string:
      return !StringLiteral.isMultiline(value as! String)
    case .stringLike:
      return !StringLiteral.isMultiline(String(describing: value))
    case .customDescription:
      return !(value as! any CustomDumpStringConvertible).customDumpDescription.utf8.contains(10)
    case .builtin(let format):
      return format.fieldsMirror(of: value) == nil
    case .bridged(let bridge):
      return isInlineLeaf(bridge.swiftValue(of: value))
    case .anyHashable:
      return isInlineLeaf((value as! AnyHashable).base)
    case .representable:
      let substitute = (value as! any CustomDumpRepresentable).customDumpValue
      guard type(of: substitute) != type(of: value), substitutionDepth < 32 else {
        return Mirror(reflecting: substitute).children.isEmpty
      }
      substitutionDepth += 1
      defer { substitutionDepth -= 1 }
      return isInlineLeaf(substitute)
    case .reflectable:
      return !(type(of: value) is AnyClass)
        && (value as! any CustomDumpReflectable).customDumpMirror.children.isEmpty
    case .range:
      let bounds = (value as! any RangeDumpable).dumpBounds
      return isInlineLeaf(bounds.lower) && isInlineLeaf(bounds.upper)
    case .array:
      return (value as! any ArrayDumpable).dumpIsEmpty
    case .unordered:
      return (value as! any UnorderedDumpable).dumpIsEmpty
    case .mirror:
      return !(type(of: value) is AnyClass) && Mirror(reflecting: value).children.isEmpty
    }
  }
}
