import Foundation
import HarnessDependencies
import Synchronization

// Dependencies registered for these tests only.

/// A plain value dependency with distinct live, test and preview values.
enum GreetingKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
  static let previewValue = "preview"
}

/// A second plain value, to tell "overrides something" from "overrides this".
enum NumberKey: DependencyKey {
  static let liveValue = 1
  static let testValue = 2
}

/// A dependency whose every default value is a new object: identity tells builds apart.
final class Instance: Sendable {
  let context: String
  init(_ context: String) { self.context = context }
}

enum InstanceKey: DependencyKey {
  static var liveValue: Instance { Instance("live") }
  static var testValue: Instance { Instance("test") }
}

/// A stateful default: each build starts counting at 0.
final class Counter: Sendable {
  private let value = Atomic(0)
  func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
}

enum CounterKey: DependencyKey {
  static var liveValue: Counter { Counter() }
  static var testValue: Counter { Counter() }
}

/// A client type that is its own key, with no test value: tests must override it.
struct LiveOnlyClient: DependencyKey {
  var fetch: @Sendable () -> String
  static let liveValue = LiveOnlyClient { "live data" }
  static let mock = LiveOnlyClient { "mock data" }
}

/// A dependency with a live value only, under a separate key type.
struct Service: Sendable {
  var name: String
}

enum ServiceKey: DependencyKey {
  static let liveValue = Service(name: "live service")
}

/// A key with test and preview values but no live value (an interface module's key).
enum InterfaceOnlyKey: TestDependencyKey {
  static let testValue = "interface test value"
}

/// A stateful default with a test value only: each build starts counting at 0.
enum InterfaceOnlyCounterKey: TestDependencyKey {
  static var testValue: Counter { Counter() }
}

extension DependencyValues {
  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
  var number: Int {
    get { self[NumberKey.self] }
    set { self[NumberKey.self] = newValue }
  }
  var instance: Instance {
    get { self[InstanceKey.self] }
    set { self[InstanceKey.self] = newValue }
  }
  var counter: Counter {
    get { self[CounterKey.self] }
    set { self[CounterKey.self] = newValue }
  }
  var service: Service {
    get { self[ServiceKey.self] }
    set { self[ServiceKey.self] = newValue }
  }
  var interfaceOnly: String {
    get { self[InterfaceOnlyKey.self] }
    set { self[InterfaceOnlyKey.self] = newValue }
  }
  var interfaceOnlyCounter: Counter {
    get { self[InterfaceOnlyCounterKey.self] }
    set { self[InterfaceOnlyCounterKey.self] = newValue }
  }
}

/// A feature model, as apps hold them. (`@unchecked`: property wrappers are stored as `var`,
/// but a `Dependency` never changes.)
final class Model: @unchecked Sendable {
  @Dependency(\.greeting) var greeting
  @Dependency(\.number) var number
  @Dependency(\.uuid) var uuid
}

/// A model that creates a child, passing its dependencies on.
final class ParentModel: @unchecked Sendable {
  @Dependency(\.greeting) var greeting

  func makeChild() -> Model {
    withDependencies(from: self) { Model() }
  }
}

/// A subclass whose dependencies live in its superclass.
final class DerivedParentModel: BaseModel, @unchecked Sendable {}

class BaseModel: @unchecked Sendable {
  @Dependency(\.greeting) var greeting
}
