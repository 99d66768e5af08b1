// `withInterleavings` and its strategies beside the `.interleavings` trait: a test target that
// links HarnessTesting explores in XCTest and plain code with no other import.
@_exported import HarnessInterleavings
