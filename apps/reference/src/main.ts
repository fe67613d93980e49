#!/usr/bin/env node
/** Placeholder entry point; the decoder demo replaces it. */
console.log('portcullis');
