import Foundation
import HarnessDependencies
import Synchronization
import Testing

struct NotificationCenterTests {
  static let name = Notification.Name("HarnessDependenciesTests.ping")

  @Test func testValueIsNotTheDefaultCenterAndIsKeptForTheTest() {
    @Dependency(\.notificationCenter) var first
    @Dependency(\.notificationCenter) var second
    #expect(first !== NotificationCenter.default)
    #expect(first === second)
  }

  /// Each case observes and posts on its own center: a shared one would deliver other cases'
  /// notifications too.
  @Test(arguments: 0..<50)
  func notificationsStayInTheirTest(_ index: Int) async {
    @Dependency(\.notificationCenter) var center
    let received = Atomic(0)
    let observer = center.addObserver(forName: Self.name, object: nil, queue: nil) { _ in
      received.add(1, ordering: .relaxed)
    }
    for _ in 0..<10 {
      center.post(name: Self.name, object: nil)
      await Task.yield()
    }
    center.removeObserver(observer)
    let count = received.load(ordering: .relaxed)
    #expect(count == 10)
  }

  @Test func liveValueIsTheDefaultCenter() {
    withDependencies { $0.context = .live } operation: {
      #expect(DependencyValues.current.notificationCenter === NotificationCenter.default)
    }
  }
}
