/// Dumps `value` to `target` as readable, deterministic text.
///
/// ```swift
/// enum Role { case admin, member }
/// struct User { var id: Int; var name: String; var roles: [Role] }
///
/// var text = ""
/// customDump(User(id: 42, name: "Blob", roles: [.admin]), to: &text)
/// // User(
/// //   id: 42,
/// //   name: "Blob",
/// //   roles: [
/// //     [0]: .admin
/// //   ]
/// // )
/// ```
///
/// What you get:
/// - structs and classes as `Type(field: value, …)`, one field per line (a single short field
///   stays on the line: `UserID(rawValue: 42)`); type names without their module
///   (`Feature.State`), generic arguments left out;
/// - enums as `Type.case` at the top and `.case` inside other values, associated values in
///   parentheses with their labels: `.response(id: 1, text: "Hi")`;
/// - tuples as `(…)`; optionals as `nil` or the wrapped value (`.some(nil)` when an optional
///   holds an empty optional);
/// - arrays with indices (`[0]: …`); dictionaries (`[key: value]`, `[:]`) and sets
///   (`Set([…])`) sorted by the dumped text of their keys and elements, integers by value;
/// - strings quoted and escaped, multi-line strings as `"""` blocks;
/// - `Date` (ISO 8601, UTC), `UUID`, `URL`, `Duration` (`Duration.seconds(6)`), `Decimal`,
///   `Data`, `Calendar`, ranges (`1..<4`), SIMD vectors (`SIMD2<Int>(1, 2)`), key paths,
///   metatypes (`User.self`) and errors in readable forms; Foundation reference types (`NSSet`,
///   `NSDictionary`, `NSData`, `NSURL`, …) like the Swift values they bridge to;
/// - class instances numbered per type in order of appearance (`Node#1(…)`), and written once:
///   a repeated or cyclic reference is `Node#1(↩︎)`.
/// - pointers numbered in order of appearance (`UnsafeMutablePointer(#1)`), never addresses.
///
/// The same value dumps to the same text on every run: no hash order, no addresses.
/// Customise a type's dump with ``CustomDumpStringConvertible``, ``CustomDumpReflectable`` or
/// ``CustomDumpRepresentable``.
///
/// - Parameters:
///   - value: The value to dump.
///   - target: Where the text goes.
///   - name: A label written before the value (`name: …`).
///   - indent: Spaces before every line.
///   - maxDepth: How many levels of nested values to show; deeper ones appear as `Type(…)`.
///     Beyond 300 levels values are folded anyway, so a long linked structure cannot overflow
///     the stack.
/// - Returns: `value`, so a dump can wrap an expression.
@discardableResult
public func customDump<T, TargetStream: TextOutputStream>(
  _ value: T,
  to target: inout TargetStream,
  name: String? = nil,
  indent: Int = 0,
  maxDepth: Int = .max
) -> T {
  var writer = DumpWriter(indent: indent, maxDepth: maxDepth)
  writer.dump(value, name: name)
  target.write(String(decoding: writer.bytes, as: UTF8.self))
  return value
}

/// Dumps `value` to standard output (followed by a newline). See
/// ``customDump(_:to:name:indent:maxDepth:)``.
@discardableResult
public func customDump<T>(
  _ value: T,
  name: String? = nil,
  indent: Int = 0,
  maxDepth: Int = .max
) -> T {
  var text = ""
  customDump(value, to: &text, name: name, indent: indent, maxDepth: maxDepth)
  print(text)
  return value
}

extension String {
  /// The dump of `value`: `String(customDumping: user)`. See
  /// ``customDump(_:to:name:indent:maxDepth:)``.
  public init<Subject>(customDumping value: Subject) {
    var writer = DumpWriter()
    writer.dump(value, name: nil)
    self = String(decoding: writer.bytes, as: UTF8.self)
  }
}
