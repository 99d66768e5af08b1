#if Servers
import Foundation
import Hummingbird

/// The server's request context: Hummingbird's basic one, answering with ``TodosJSONEncoder``.
public struct TodosRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage

  public init(source: ApplicationRequestContextSource) {
    coreContext = CoreRequestContextStorage(source: source)
  }

  public var responseEncoder: TodosJSONEncoder { TodosJSONEncoder() }
}
#endif
