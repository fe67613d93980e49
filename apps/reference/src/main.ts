#!/usr/bin/env node
// Placeholder until the server entry point lands: the corpus index is built and tested first.
console.error('The reference server is not assembled yet.');
process.exitCode = 2;
