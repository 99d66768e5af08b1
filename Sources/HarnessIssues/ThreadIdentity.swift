#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells threads apart: the store's reentrancy check and the engine's routing both ask which
/// thread runs the calling code.
package enum ThreadIdentity {
  /// An id for the calling thread, comparable across threads while it lives.
  package static func current() -> UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
