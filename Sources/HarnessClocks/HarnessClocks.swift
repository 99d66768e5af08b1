// The HarnessClocks module. See DESIGN.md.
