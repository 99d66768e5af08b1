// HarnessDump side by side with pointfreeco/swift-custom-dump 1.7.3, in the same run.
//
//   swift run -c release --package-path Benchmarks DumpBenchmark
//
// Scenarios (target: Harness at least as fast as the peer, ratio ≥ 1):
// 1. dumping an array of 10,000 structs to a string;
// 2. diffing two such arrays where one element differs (the failure message of a test whose
//    state holds a large collection). The diff must also stay readable: its line count is shown.
import BenchmarkSupport
import CustomDump
import HarnessDump

struct Item: Equatable {
  var id: Int
  var title: String
  var isDone: Bool
  var tags: [String]
  var note: String?
}

let items = (0..<10_000).map { index in
  Item(
    id: index,
    title: "Item \(index)",
    isDone: index % 3 == 0,
    tags: index % 2 == 0 ? ["home", "errand"] : [],
    note: index % 5 == 0 ? "Remember \(index)" : nil
  )
}
var changedItems = items
changedItems[5_000].title = "Renamed"

print("DumpBenchmark: 10,000 structs, median of 7 runs after a warm-up")

let harnessDump = await measure("Harness customDump") {
  var text = ""
  HarnessDump.customDump(items, to: &text)
  blackHole(text)
}
let peerDump = await measure("swift-custom-dump customDump") {
  var text = ""
  CustomDump.customDump(items, to: &text)
  blackHole(text)
}
compare(harnessDump, to: peerDump, target: 1)

let harnessDiff = await measure("Harness diff") {
  blackHole(HarnessDump.diff(items, changedItems))
}
let peerDiff = await measure("swift-custom-dump diff") {
  blackHole(CustomDump.diff(items, changedItems))
}
compare(harnessDiff, to: peerDiff, target: 1)

let harnessLines = HarnessDump.diff(items, changedItems)?.split(separator: "\n").count ?? 0
let peerLines = CustomDump.diff(items, changedItems)?.split(separator: "\n").count ?? 0
print("Diff length: Harness \(harnessLines) lines, swift-custom-dump \(peerLines) lines (of ~70,000 dumped)")
print(HarnessDump.diff(items, changedItems) ?? "(no difference)")
