import HarnessIssues

/// Readable type names for dumps.
///
/// Names are written without module prefixes (`Feature.State`, not `App.Feature.State`) and
/// without the `(unknown context at $…)` segments Swift gives private and local types, so a dump
/// never depends on addresses or on which module declares a type. Standard generic types use
/// their sugar (`[User]`, `Int?`, `[String: Int]`).
///
/// Instance headers (`Box(…)`) leave generic arguments out, like the values inside show them;
/// metatypes (`Box<Int>.self`) keep them, since there the arguments are the whole point.
package enum TypeName {
  /// The name used before a value's fields: `User`, `Feature.State`, `Box`.
  package static func header(for type: Any.Type) -> String {
    cached(type, withGenericArguments: false)
  }

  /// The full name used for metatypes: `[User]`, `Box<Int>`, `(Int) -> String`.
  package static func full(for type: Any.Type) -> String {
    cached(type, withGenericArguments: true)
  }

  private struct CacheKey: Hashable {
    let type: ObjectIdentifier
    let withGenericArguments: Bool
  }

  // Shared by every dump: computing a name parses a string, and the same few types recur.
  private static let cache = Locked<[CacheKey: String]>([:])

  private static func cached(_ type: Any.Type, withGenericArguments: Bool) -> String {
    let key = CacheKey(type: ObjectIdentifier(type), withGenericArguments: withGenericArguments)
    if let name = cache.withLock({ $0[key] }) { return name }
    let name = readable(_typeName(type, qualified: true), withGenericArguments: withGenericArguments)
    cache.withLock { $0[key] = name }
    return name
  }

  /// Rewrites a fully qualified runtime type name into its readable form.
  package static func readable(_ qualifiedName: String, withGenericArguments: Bool) -> String {
    var rewriter = Rewriter(
      characters: Array(removingAnonymousContexts(qualifiedName)),
      withGenericArguments: withGenericArguments
    )
    return rewriter.rewrite(until: nil)
  }

  /// Whether a postfix `?` after `name` would apply to a part of it only: function types
  /// (`(Int) -> String`), compositions (`A & B`) and `any`/`some` types need parentheses;
  /// `[Int: Int]`, `(Int, String)` and `Box<A, B>` do not.
  static func bindsLooserThanPostfix(_ name: String) -> Bool {
    if name.hasPrefix("any ") || name.hasPrefix("some ") { return true }
    var nesting = 0
    var previous: Character = " "
    for character in name {
      switch character {
      case "(", "[", "<": nesting += 1
      case ")", "]": nesting -= 1
      case ">":
        if previous == "-" {
          if nesting == 0 { return true }
        } else {
          nesting -= 1
        }
      case "&" where nesting == 0: return true
      default: break
      }
      previous = character
    }
    return false
  }

  /// Stands for `(unknown context at $55d4…)`, the anonymous context of private and local
  /// types, so the scanner can drop it and everything before it in the chain.
  private static let anonymousContext: Character = "\u{1}"

  /// Replaces `(unknown context at $…)` with `anonymousContext` and drops `(extension in M):`.
  private static func removingAnonymousContexts(_ name: String) -> String {
    var result = ""
    var rest = Substring(name)
    while let open = rest.firstIndex(of: "(") {
      let tail = rest[open...]
      if tail.hasPrefix("(unknown context at $"), let close = tail.firstIndex(of: ")") {
        result += rest[..<open]
        result.append(anonymousContext)
        rest = tail[tail.index(after: close)...]
      } else if tail.hasPrefix("(extension in "), let close = tail.firstIndex(of: ")") {
        result += rest[..<open]
        rest = tail[tail.index(after: close)...]
        if rest.first == ":" { rest = rest.dropFirst() }
      } else {
        result += rest[...open]
        rest = rest[rest.index(after: open)...]
      }
    }
    return result + rest
  }

  /// A small recursive scanner over a qualified name: drops the module of each dotted chain,
  /// applies standard-library sugar, and optionally leaves generic arguments out.
  private struct Rewriter {
    let characters: [Character]
    let withGenericArguments: Bool
    var position = 0

    init(characters: [Character], withGenericArguments: Bool) {
      self.characters = characters
      self.withGenericArguments = withGenericArguments
    }

    /// Rewrites up to (not including) `terminator` at nesting level zero, or to the end.
    mutating func rewrite(until terminator: Set<Character>?) -> String {
      var output = ""
      var nesting = 0
      while position < characters.count {
        let character = characters[position]
        if nesting == 0, let terminator, terminator.contains(character) {
          // `->` is an arrow, not the end of a generic argument list.
          if !(character == ">" && position > 0 && characters[position - 1] == "-") {
            return output
          }
        }
        if isIdentifierStart(character) {
          let continuesMember = position > 0 && characters[position - 1] == "."
          output += rewriteChain(continuesMember: continuesMember)
          continue
        }
        if character == "(" { nesting += 1 }
        if character == ")" { nesting -= 1 }
        output.append(character)
        position += 1
      }
      return output
    }

    /// `Module.Outer.Inner<Args>`: the module goes, sugar applies, arguments are kept or dropped.
    private mutating func rewriteChain(continuesMember: Bool) -> String {
      var components = [readIdentifier()]
      while position + 1 < characters.count, characters[position] == ".",
        isIdentifierStart(characters[position + 1])
      {
        position += 1
        components.append(readIdentifier())
      }
      var module = !continuesMember && components.count > 1 ? components.first : nil
      if let anonymous = components.lastIndex(of: String(TypeName.anonymousContext)) {
        // A private or local type: what encloses it (module, type, function) is not part of
        // its name as code in scope spells it.
        components.removeSubrange(...anonymous)
        module = nil
      } else if module != nil {
        components.removeFirst()
      }
      let name = components.joined(separator: ".")
      guard position < characters.count, characters[position] == "<" else { return name }

      position += 1
      var arguments: [String] = []
      while position < characters.count {
        arguments.append(rewrite(until: [",", ">"]))
        guard position < characters.count else { break }
        let separator = characters[position]
        position += 1
        if separator == ">" { break }
        while position < characters.count, characters[position] == " " { position += 1 }
      }
      let isFollowedByMember = position < characters.count && characters[position] == "."
      if module == "Swift", !isFollowedByMember, let sugared = sugar(name, arguments) {
        return sugared
      }
      guard withGenericArguments else { return name }
      return "\(name)<\(arguments.joined(separator: ", "))>"
    }

    private func sugar(_ name: String, _ arguments: [String]) -> String? {
      switch (name, arguments.count) {
      case ("Optional", 1):
        let wrapped = arguments[0]
        return TypeName.bindsLooserThanPostfix(wrapped) ? "(\(wrapped))?" : "\(wrapped)?"
      case ("Array", 1): return "[\(arguments[0])]"
      case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
      default: return nil
      }
    }

    private mutating func readIdentifier() -> String {
      if characters[position] == TypeName.anonymousContext {
        position += 1
        return String(TypeName.anonymousContext)
      }
      let start = position
      while position < characters.count, isIdentifierPart(characters[position]) { position += 1 }
      return String(characters[start..<position])
    }

    private func isIdentifierStart(_ character: Character) -> Bool {
      character == "_" || character.isLetter || character == TypeName.anonymousContext
    }

    private func isIdentifierPart(_ character: Character) -> Bool {
      character == "_" || character.isLetter || character.isNumber
    }
  }
}
