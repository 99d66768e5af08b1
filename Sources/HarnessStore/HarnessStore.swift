// The HarnessStore module. See DESIGN.md.
