#if Macros
import Testing
import WeatherFeature

@Suite struct NetworkInterfacesTests {
  typealias Interface = NetworkInterfaces.Interface

  let loopback = Interface(name: "lo", isActive: true, isLoopback: true, hasAddress: true)
  let ethernet = Interface(name: "eth0", isActive: true, isLoopback: false, hasAddress: true)

  @Test func connectedWhenAnInterfaceBesidesLoopbackIsUpWithAnAddress() {
    #expect(NetworkInterfaces([loopback, ethernet]).status == .satisfied)
  }

  @Test func loopbackAloneIsNotAConnection() {
    #expect(NetworkInterfaces([loopback]).status == .unsatisfied)
    #expect(NetworkInterfaces([]).status == .unsatisfied)
  }

  @Test func anInterfaceMustBeUpAndHaveAnAddress() {
    var down = ethernet
    down.isActive = false
    var unaddressed = ethernet
    unaddressed.hasAddress = false
    #expect(NetworkInterfaces([loopback, down, unaddressed]).status == .unsatisfied)
  }

  @Test func readsThisMachinesInterfacesIncludingLoopback() {
    let interfaces = NetworkInterfaces.current().interfaces
    // Every machine has an active loopback interface (lo on Linux, lo0 on macOS).
    #expect(interfaces.contains { $0.isLoopback && $0.isActive && $0.hasAddress })
    #expect(Set(interfaces.map(\.name)).count == interfaces.count)
  }
}
#endif
