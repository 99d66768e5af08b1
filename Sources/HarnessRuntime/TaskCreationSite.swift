import Foundation
import HarnessIssues

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a task was created, for stall reports: the return addresses on the stack of the code
/// that created it, captured when its first job is enqueued (cheap: a couple of microseconds),
/// and named only when a report needs them (a function name; a test binary has no line table
/// that the process can read cheaply).
package struct TaskCreationSite: Sendable {
  private let frames: [UInt]

  /// Makes the first capture, which loads the unwinder (glibc `dlopen`s it): call outside the
  /// follower's locks, before captures are made under them.
  static let prepare: Void = { _ = capture() }()

  /// The calling thread's return addresses, if the C library can unwind (glibc's `backtrace`).
  static func capture() -> TaskCreationSite? {
    guard let backtrace = Self.backtrace else { return nil }
    var buffer = [UnsafeMutableRawPointer?](repeating: nil, count: 32)
    let count = Int(backtrace(&buffer, Int32(buffer.count)))
    guard count > 0 else { return nil }
    return TaskCreationSite(frames: buffer.prefix(count).map { UInt(bitPattern: $0) })
  }

  /// The function that created the task: the first frame below the runtime's task creation
  /// that is not the runtime's or the standard library's (`Task.init`, `addTask`, `async let`).
  var functionName: String? {
    var createdBelow = false
    for frame in frames where frame > 0 {
      // A return address points after the call: look up the call itself.
      guard let name = Self.name(of: frame - 1) else { continue }
      if !createdBelow {
        createdBelow = name.mangled.hasPrefix("swift_task_create")
        continue
      }
      if name.isInExecutable, let function = Self.userFunction(at: frame - 1, mangled: name.mangled) {
        return function
      }
    }
    return nil
  }

  /// Per address in the executable: its function's name, simplified, unless it is a task
  /// creation API (`nil`). Kept for the rest of the process, as ``names``: a shrunk failure names
  /// its run's tasks, and demangling and simplifying cost more than the rest of naming them.
  private static let userFunctions = Locked<[UInt: String?]>([:])

  private static func userFunction(at address: UInt, mangled: String) -> String? {
    remembered(address, in: userFunctions) {
      demangle(mangled).flatMap { name in
        guard !isTaskCreationAPI(name) else { return nil }
        let simple = simplified(name)
        return isHarnessCode(simple) ? nil : withoutPrivateDiscriminators(simple)
      }
    }
  }

  /// `cache`'s entry for `address`, computed (outside the lock) and stored the first time.
  private static func remembered<Value>(
    _ address: UInt, in cache: Locked<[UInt: Value?]>, _ compute: () -> Value?
  ) -> Value? {
    if let known = cache.withLock({ $0[address] }) { return known }
    let value = compute()
    cache.withLock { $0[address] = .some(value) }
    return value
  }

  // MARK: - Naming addresses

  /// The names found so far, by address (`nil`: none), for the rest of the process: a shrunk
  /// failure names its run's tasks, and `dladdr` scans the dynamic symbols one by one.
  private static let names = Locked<[UInt: (mangled: String, isInExecutable: Bool)?]>([:])

  private static func name(of address: UInt) -> (mangled: String, isInExecutable: Bool)? {
    remembered(address, in: names) { lookUpName(of: address) }
  }

  private static func lookUpName(of address: UInt) -> (mangled: String, isInExecutable: Bool)? {
    if let name = ExecutableSymbolTable.current?.functionName(containing: address) { return (name, true) }
    var info = DynamicSymbolInfo()
    guard let dladdr, withUnsafeMutablePointer(to: &info, { dladdr(UnsafeRawPointer(bitPattern: address), $0) }) != 0,
      let name = info.symbolName
    else { return nil }
    return (String(cString: name), false)
  }

  /// `Dl_info`, which Glibc's Swift module does not export.
  private struct DynamicSymbolInfo {
    var fileName: UnsafePointer<CChar>?
    var fileBase: UnsafeRawPointer?
    var symbolName: UnsafePointer<CChar>?
    var symbolAddress: UnsafeRawPointer?
  }

  private typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
  private typealias Dladdr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
  private typealias Demangle = @convention(c) (
    UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
  ) -> UnsafeMutablePointer<CChar>?

  // Looked up at run time: not every C library's Swift module exports them.
  private static let backtrace = ProcessSymbol.function("backtrace", as: Backtrace.self)
  private static let dladdr = ProcessSymbol.function("dladdr", as: Dladdr.self)
  private static let swiftDemangle = ProcessSymbol.function("swift_demangle", as: Demangle.self)

  private static func demangle(_ mangled: String) -> String? {
    guard let swiftDemangle, let text = swiftDemangle(mangled, mangled.utf8.count, nil, nil, 0) else { return nil }
    defer { free(text) }
    return String(cString: text)
  }

  private static func isTaskCreationAPI(_ name: String) -> Bool {
    // A specialization of the standard library's API emitted into the caller's module (an
    // optimized build's `Task.init`): judged by what it specializes.
    var name = Substring(name)
    while name.hasPrefix("generic specialization <") || name.hasPrefix("function signature specialization <"),
      let of = name.range(of: "> of ")
    {
      name = name[of.upperBound...]
    }
    return name.hasPrefix("Swift.") || name.hasPrefix("static Swift.") || name.hasPrefix("(extension in Swift)")
      || name.hasPrefix("static (extension in Swift)") || name.hasPrefix("merged ")
  }

  /// Harness's own modules: a task a test store or clock starts for the test was created by the
  /// test's code that called it (a `send`), which names it better.
  private static let harnessModules = [
    "HarnessRuntime.", "HarnessClocks.", "HarnessStore.", "HarnessDependencies.", "HarnessSchedulers.",
    "HarnessInterleavings.", "HarnessTesting.", "HarnessIssues.",
  ]

  private static func isHarnessCode(_ name: String) -> Bool {
    // The function itself, or the function a closure is in: `closure #1 in HarnessStore.…`.
    var function = Substring(name)
    for prefix in ["partial apply for ", "implicit closure #", "closure #"] where function.hasPrefix(prefix) {
      guard let end = function.range(of: " in ")?.upperBound else { break }
      function = function[end...]
    }
    while function.hasPrefix("closure #") || function.hasPrefix("implicit closure #") {
      guard let end = function.range(of: " in ")?.upperBound else { break }
      function = function[end...]
    }
    if function.hasPrefix("static ") { function = function.dropFirst(7) }
    return harnessModules.contains { function.hasPrefix($0) }
  }

  /// A private function's name without the file's discriminator the mangling adds:
  /// `Tests.(helper in _19AA43CAF7EAFCAA)()` reads `Tests.helper()`.
  package static func withoutPrivateDiscriminators(_ name: String) -> String {
    var result = ""
    var rest = Substring(name)
    while let open = rest.firstIndex(of: "(") {
      result += rest[..<open]
      let inside = rest[rest.index(after: open)...]
      if let marker = inside.range(of: " in _"), let close = inside[marker.upperBound...].firstIndex(of: ")"),
        !inside[..<marker.lowerBound].contains(where: { $0 == "(" || $0 == ")" || $0 == " " }),
        inside[marker.upperBound..<close].allSatisfy(\.isHexDigit)
      {
        result += inside[..<marker.lowerBound]
        rest = inside[inside.index(after: close)...]
      } else {
        result += "("
        rest = inside
      }
    }
    return result + rest
  }

  /// `closure #1 in Bank.withdraw(_:)` rather than the full demangling, which spells out every
  /// type and names the partial function an async function was split into.
  ///
  /// Scanned by hand: with regular expressions (their patterns are kept in the tests, which check
  /// that both agree), naming a run's tasks took about a millisecond, most of a shrunk failure's
  /// report.
  package static func simplified(_ name: String) -> String {
    var text = Array(name.utf8)
    // "(1) suspend resume partial function for ", "(2) await resume partial function for ".
    if text.first == UInt8(ascii: "("), let digitsEnd = digitsEnd(in: text, from: 1), digitsEnd > 1,
      let afterParen = matchEnd(")", in: text, at: digitsEnd)
    {
      for kind in [" suspend resume partial function for ", " await resume partial function for "] {
        if let end = matchEnd(kind, in: text, at: afterParen) {
          text.removeSubrange(0..<end)
          break
        }
      }
    }
    if let end = matchEnd("partial apply for ", in: text, at: 0) { text.removeSubrange(0..<end) }
    text = withoutClosureSignatures(text)
    // The enclosing function's result: "Bank.withdraw(_:) async -> ()".
    for index in text.indices where text[index] == UInt8(ascii: ")") {
      if !signatureTailEnds(in: text, at: index + 1).isEmpty {
        text.removeSubrange((index + 1)...)
        break
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Each closure's own signature taken out: "closure #2 (inout Swift.TaskGroup<()>) async -> ()
  /// in …" becomes "closure #2 in …" (and "implicit closure #1 @Sendable (…) -> () in" likewise).
  private static func withoutClosureSignatures(_ text: [UInt8]) -> [UInt8] {
    let closure = Array("closure #".utf8)
    var result: [UInt8] = []
    var index = 0
    while index < text.count {
      guard matchEnd(closure, in: text, at: index) != nil, let end = closureSignatureEnd(in: text, closureAt: index)
      else {
        result.append(text[index])
        index += 1
        continue
      }
      // "closure #N" (after "implicit ", copied already), then " in ".
      let digitsStart = index + closure.count
      let digitsEnd = digitsEnd(in: text, from: digitsStart) ?? digitsStart
      result += text[index..<digitsEnd]
      result += Array(" in ".utf8)
      index = end
    }
    return result
  }

  /// Where a closure's signature ends (after its " in "), for "closure #" at `start`: digits, any
  /// " @Attribute"s, " (", its parameters up to the ")" that its effects and " -> " follow, and
  /// the result up to the first " in ". `nil` if it does not read so.
  private static func closureSignatureEnd(in text: [UInt8], closureAt start: Int) -> Int? {
    let digitsStart = start + "closure #".utf8.count
    guard let digitsEnd = digitsEnd(in: text, from: digitsStart), digitsEnd > digitsStart else { return nil }
    var index = digitsEnd
    // " @Sendable", " @MainActor": a space, "@", word characters.
    while let at = matchEnd(" @", in: text, at: index), let wordEnd = wordEnd(in: text, from: at), wordEnd > at {
      index = wordEnd
    }
    guard let open = matchEnd(" (", in: text, at: index) else { return nil }
    for close in open..<text.count where text[close] == UInt8(ascii: ")") {
      for arrowEnd in signatureTailEnds(in: text, at: close + 1) {
        if let inStart = find(" in ", in: text, from: arrowEnd) { return inStart + 4 }
      }
    }
    return nil
  }

  /// Where " -> " ends after a parameter list's ")" (at `index`, just after it), with optional
  /// " async" and " throws" or " throws(…)" between, in the order a regular expression would try
  /// them (effects taken when present, a typed throw's shortest parenthesis first).
  private static func signatureTailEnds(in text: [UInt8], at index: Int) -> [Int] {
    var ends: [Int] = []
    let afterAsync = [matchEnd(" async", in: text, at: index), index].compactMap { $0 }
    for start in afterAsync {
      var candidates: [Int] = []
      if let throwsEnd = matchEnd(" throws", in: text, at: start) {
        if throwsEnd < text.count, text[throwsEnd] == UInt8(ascii: "(") {
          for close in (throwsEnd + 1)..<text.count where text[close] == UInt8(ascii: ")") {
            candidates.append(close + 1)
          }
        }
        candidates.append(throwsEnd)
      }
      candidates.append(start)
      for candidate in candidates {
        if let end = matchEnd(" -> ", in: text, at: candidate) { ends.append(end) }
      }
    }
    return ends
  }

  private static func matchEnd(_ literal: String, in text: [UInt8], at index: Int) -> Int? {
    matchEnd(Array(literal.utf8), in: text, at: index)
  }

  private static func matchEnd(_ literal: [UInt8], in text: [UInt8], at index: Int) -> Int? {
    guard index >= 0, index + literal.count <= text.count else { return nil }
    for offset in literal.indices where text[index + offset] != literal[offset] { return nil }
    return index + literal.count
  }

  private static func find(_ literal: String, in text: [UInt8], from index: Int) -> Int? {
    let bytes = Array(literal.utf8)
    var start = index
    while start + bytes.count <= text.count {
      if matchEnd(bytes, in: text, at: start) != nil { return start }
      start += 1
    }
    return nil
  }

  private static func digitsEnd(in text: [UInt8], from index: Int) -> Int? {
    guard index <= text.count else { return nil }
    var end = index
    while end < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[end]) { end += 1 }
    return end
  }

  private static func wordEnd(in text: [UInt8], from index: Int) -> Int? {
    guard index <= text.count else { return nil }
    var end = index
    while end < text.count, text[end] == UInt8(ascii: "_") || (0x30...0x39).contains(text[end])
      || (0x41...0x5A).contains(text[end]) || (0x61...0x7A).contains(text[end])
    {
      end += 1
    }
    return end
  }
}
