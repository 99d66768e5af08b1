#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the entry points the follower uses that no Swift module declares (the concurrency
/// runtime's task ids and enqueue hook, the C library's unwinder): looked up by name in the
/// running process, so a process without one gets `nil` and goes without, instead of failing to
/// link.
enum ProcessSymbol {
  /// The address of the symbol `name`, if the process has it.
  static func address(_ name: String) -> UnsafeMutableRawPointer? {
    guard let process = dlopen(nil, RTLD_NOW) else { return nil }
    return dlsym(process, name)
  }

  /// The function `name`, as `Function` (a `@convention(c)` or `@convention(thin)` function type
  /// matching the symbol's signature).
  static func function<Function>(_ name: String, as type: Function.Type = Function.self) -> Function? {
    address(name).map { unsafeBitCast($0, to: Function.self) }
  }
}
