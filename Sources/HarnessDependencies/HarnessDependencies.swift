// The HarnessDependencies module. See DESIGN.md.
