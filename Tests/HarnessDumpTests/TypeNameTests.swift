import HarnessDump
import Testing

private struct Outer {
  struct Inner {}
  struct Box<Value> {}
}

@Suite("TypeName")
struct TypeNameTests {
  @Test func dropsModules() {
    #expect(TypeName.header(for: Outer.Inner.self) == "Outer.Inner")
    #expect(TypeName.full(for: Int.self) == "Int")
  }

  @Test func privateAndLocalTypesHaveNoAnonymousContext() {
    struct Local {}
    #expect(TypeName.header(for: Local.self) == "Local")
    #expect(TypeName.header(for: Outer.self) == "Outer")
    #expect(!TypeName.full(for: [Local].self).contains("unknown"))
  }

  @Test func headersOmitGenericArguments() {
    #expect(TypeName.header(for: Outer.Box<Int>.self) == "Outer.Box")
    #expect(TypeName.full(for: Outer.Box<Int>.self) == "Outer.Box<Int>")
  }

  @Test func standardSugar() {
    #expect(TypeName.full(for: [Int].self) == "[Int]")
    #expect(TypeName.full(for: Int?.self) == "Int?")
    #expect(TypeName.full(for: [String: [Int?]].self) == "[String: [Int?]]")
    #expect(TypeName.full(for: ((Int) -> String)?.self) == "((Int) -> String)?")
    #expect(TypeName.full(for: [[Double: Double]?].self) == "[[Double: Double]?]")
    #expect(TypeName.full(for: (Int, String)?.self) == "(Int, String)?")
    #expect(TypeName.full(for: Outer.Box<Int>?.self) == "Outer.Box<Int>?")
    #expect(TypeName.full(for: [Int: (Int) -> Void]?.self) == "[Int: (Int) -> ()]?")
    #expect(TypeName.full(for: (any Error)?.self) == "(any Error)?" || TypeName.full(for: (any Error)?.self) == "Error?")
  }

  @Test func tuplesAndFunctions() {
    #expect(TypeName.full(for: (x: Int, y: String).self) == "(x: Int, y: String)")
    #expect(TypeName.full(for: ((Int) async throws -> [String]).self) == "(Int) async throws -> [String]")
    #expect(
      TypeName.readable("s.G<Swift.Int, (Swift.String) -> Swift.Int>.N", withGenericArguments: true)
        == "G<Int, (String) -> Int>.N"
    )
  }

  @Test func extensionContexts() {
    #expect(TypeName.readable("(extension in s):Swift.Int.Ext", withGenericArguments: true) == "Int.Ext")
    #expect(
      TypeName.readable("s.(unknown context at $5560cc1af3e0).Priv.Nested", withGenericArguments: true)
        == "Priv.Nested"
    )
  }
}
