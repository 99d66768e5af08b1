// The umbrella module: `import Harness` brings in everything app and library code needs.
@_exported import HarnessClocks
@_exported import HarnessDependencies
@_exported import HarnessDump
@_exported import HarnessIssues
