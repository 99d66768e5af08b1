import HarnessRuntime
import Testing

/// Task names in reports: `TaskCreationSite.simplified` scans demangled names by hand; it must
/// read them as the regular expressions it replaced did (kept here as the reference).
@Suite struct TaskCreationSiteTests {
  /// The reference: what `simplified` did with regular expressions.
  static func simplifiedByPatterns(_ name: String) -> String {
    var name = name
    name.replace(#/^\(\d+\) (?:suspend|await) resume partial function for /#, with: "")
    name.replace(#/^partial apply for /#, with: "")
    name.replace(#/((?:implicit )?closure #\d+)(?: @\w+)* \(.*?\)(?: async)?(?: throws(?:\(.*?\))?)? -> .*? in /#) {
      "\($0.output.1) in "
    }
    name.replace(#/\)(?: async)?(?: throws(?:\(.*?\))?)? -> .*$/#, with: ")")
    return name
  }

  static let demangledNames = [
    "(1) suspend resume partial function for closure #1 @Sendable () async -> () in BankTests.transfer() async -> ()",
    "(12) await resume partial function for Foo.run() async -> ()",
    "partial apply for closure #2 (inout Swift.TaskGroup<()>) async -> () in closure #1 () async -> () in "
      + "InterleavingsBenchmark.failingBody() async -> ()",
    "implicit closure #1 @Sendable () async throws -> () in Foo.bar(_:) async throws -> Swift.Int",
    "closure #1 @Sendable @MainActor (Swift.Int) async throws(Foo.Failure) -> Swift.String in "
      + "static Foo.baz(x: Swift.Int) throws(Foo.Failure) -> ()",
    "closure #3 () -> () in closure #2 (Swift.Int) async -> Swift.Bool in Foo.f() -> ()",
    "closure #1 (Swift.Dictionary<Swift.String, Swift.Int>) -> () in Main.in(x:) -> Swift.Int",
    "closure #1 (Swift.Int) -> (Swift.Int) -> () in Foo.curried(_:) -> (Swift.Int) -> ()",
    "BankTests.transfer()",
    "closure #1 in already.simple()",
    "closure # (Swift.Int) -> () in odd.name()",
    "(x) suspend resume partial function for f() -> ()",
    "Foo.g(_:) throws -> ()",
    "Foo.h() async",
  ]

  @Test(arguments: demangledNames)
  func simplifiesAsThePatternsDid(name: String) {
    #expect(TaskCreationSite.simplified(name) == Self.simplifiedByPatterns(name))
  }

  @Test func aShrunkReportsNameIsShort() {
    let name = "(1) suspend resume partial function for closure #2 (inout Swift.TaskGroup<()>) async -> () in "
      + "closure #1 @Sendable () async -> () in BankTests.transfer() async throws -> ()"
    #expect(TaskCreationSite.simplified(name) == "closure #2 in closure #1 in BankTests.transfer()")
  }

  @Test func privateDiscriminatorsAreLeftOut() {
    #expect(
      TaskCreationSite.withoutPrivateDiscriminators("Tests.(helper in _19AA43CAF7EAFCAA81A7443BEBA7EF78)()")
        == "Tests.helper()")
    #expect(
      TaskCreationSite.withoutPrivateDiscriminators("closure #1 in Feature.(load in _0F)(id: Swift.Int)")
        == "closure #1 in Feature.load(id: Swift.Int)")
    #expect(TaskCreationSite.withoutPrivateDiscriminators("Foo.bar(x: (Int) in y)") == "Foo.bar(x: (Int) in y)")
  }
}
