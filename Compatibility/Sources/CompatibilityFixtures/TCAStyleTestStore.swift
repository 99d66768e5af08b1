import ConcurrencyExtras

/// What a Composable Architecture `TestStore` does in `init` and `deinit`: turns
/// swift-concurrency-extras' main serial executor on, and "restores" it by a Bool.
public final class TCAStyleTestStore {
  private let didUseMainSerialExecutor: Bool

  public init() {
    didUseMainSerialExecutor = uncheckedUseMainSerialExecutor
    uncheckedUseMainSerialExecutor = true
  }

  deinit {
    uncheckedUseMainSerialExecutor = didUseMainSerialExecutor
  }
}
