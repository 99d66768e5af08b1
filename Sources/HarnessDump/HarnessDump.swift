// The HarnessDump module. See DESIGN.md.
