/**
 * Every use of `@portcullis/gate` goes through this module, so a rename there is one edit here.
 */
export { type CompiledGate, compileGate, type GateRefusal } from '@portcullis/gate';
