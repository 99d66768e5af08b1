import Harness

/// A per-request dependency of the tests' own, set by the middleware's `update` closure from the
/// `X-Tenant` header.
extension DependencyValues {
  var tenant: String {
    get { self[TenantKey.self] }
    set { self[TenantKey.self] = newValue }
  }
}

private enum TenantKey: DependencyKey {
  static let liveValue = "none"
  static let testValue = "none"
}
