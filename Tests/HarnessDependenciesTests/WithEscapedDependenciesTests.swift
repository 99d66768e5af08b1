import Dispatch
import Foundation
import HarnessDependencies
import Testing

struct WithEscapedDependenciesTests {
  @Test func aCallbackOnAnotherThreadKeepsTheOverrides() async {
    let greeting = await withDependencies { $0.greeting = "escaped" } operation: {
      await withCheckedContinuation { (result: CheckedContinuation<String, Never>) in
        withEscapedDependencies { dependencies in
          DispatchQueue.global().async {
            dependencies.yield { result.resume(returning: DependencyValues.current.greeting) }
          }
        }
      }
    }
    #expect(greeting == "escaped")
  }

  @Test func aDetachedTaskKeepsTheOverrides() async {
    let greeting = await withDependencies { $0.greeting = "escaped" } operation: {
      await withEscapedDependencies { dependencies in
        await Task.detached {
          await dependencies.yield {
            await Task.yield()
            return DependencyValues.current.greeting
          }
        }.value
      }
    }
    #expect(greeting == "escaped")
  }

  @Test func escapedCodeUsesTheRunningTestsDefaultValues() async {
    let instance = DependencyValues.current.instance
    let escaped = await withCheckedContinuation { (result: CheckedContinuation<Instance, Never>) in
      withEscapedDependencies { dependencies in
        Thread {
          dependencies.yield { result.resume(returning: DependencyValues.current.instance) }
        }.start()
      }
    }
    #expect(escaped === instance)
  }

  @Test func theEscapedValuesWinOverThoseCurrentWhereTheyAreUsed() {
    let dependencies = withDependencies { $0.greeting = "escaped" } operation: {
      withEscapedDependencies { $0 }
    }
    withDependencies { $0.greeting = "current" } operation: {
      #expect(dependencies.yield { DependencyValues.current.greeting } == "escaped")
    }
  }
}
