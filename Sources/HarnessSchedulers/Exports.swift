#if Schedulers
// `import HarnessSchedulers` is the one import line a feature or a test needs: it brings
// Combine on Apple platforms, and on Linux OpenCombine with its `Scheduler` conformances of
// `DispatchQueue`, `RunLoop` and `OperationQueue`, under the same names. Code written against
// it compiles on both. It brings `Harness` too, since the `mainQueue` and `mainRunLoop`
// dependencies are read with `@Dependency` and overridden with `withDependencies`.
@_exported public import Harness
#if canImport(Combine)
  @_exported public import Combine
#else
  @_exported public import OpenCombine
  @_exported public import OpenCombineDispatch
  @_exported public import OpenCombineFoundation
#endif
@_exported public import Dispatch
@_exported public import Foundation
#endif
