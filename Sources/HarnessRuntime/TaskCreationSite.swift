import Foundation
import Synchronization

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
struct TaskCreationSite: Sendable {
  private let frames: [UInt]

  /// Makes the first capture, which loads the unwinder (glibc `dlopen`s it): call outside the
  /// follower's lock, before captures are made under it.
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
      if name.isInExecutable, let readable = Self.demangle(name.mangled), !Self.isTaskCreationAPI(readable) {
        return Self.simplified(readable)
      }
    }
    return nil
  }

  // MARK: - Naming addresses

  private static func name(of address: UInt) -> (mangled: String, isInExecutable: Bool)? {
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
    name.hasPrefix("Swift.") || name.hasPrefix("static Swift.") || name.hasPrefix("(extension in Swift)")
      || name.hasPrefix("static (extension in Swift)") || name.hasPrefix("merged ")
  }

  /// `closure #1 in Bank.withdraw(_:)` rather than the full demangling, which spells out every
  /// type and names the partial function an async function was split into.
  static func simplified(_ name: String) -> String {
    var name = name
    patterns.withLock { patterns in
      name.replace(patterns.partialFunction, with: "")
      name.replace(patterns.partialApply, with: "")
      // A closure's own signature: "closure #2 (inout Swift.TaskGroup<()>) async -> () in …".
      name.replace(patterns.closureSignature) { "\($0.output.1) in " }
      // The enclosing function's result: "Bank.withdraw(_:) async -> ()".
      name.replace(patterns.functionResult, with: ")")
    }
    return name
  }

  /// The patterns of ``simplified(_:)``, parsed once (a regex is not `Sendable`, so they are used
  /// under a lock): parsing them at every call took most of the time of naming a run's tasks
  /// (the report of a shrunk failure names them), about a millisecond a run.
  private static let patterns = Mutex(Patterns())

  private struct Patterns {
    let partialFunction = #/^\(\d+\) (?:suspend|await) resume partial function for /#
    let partialApply = #/^partial apply for /#
    let closureSignature = #/((?:implicit )?closure #\d+)(?: @\w+)* \(.*?\)(?: async)?(?: throws(?:\(.*?\))?)? -> .*? in /#
    let functionResult = #/\)(?: async)?(?: throws(?:\(.*?\))?)? -> .*$/#
  }
}
