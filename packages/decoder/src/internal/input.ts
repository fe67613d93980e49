import { Buffer } from 'node:buffer';
import { types } from 'node:util';
import { DECODER_ERROR_CODES, DecoderError } from '../errors.ts';

/*
 * What `decode` accepts besides a string: a Uint8Array, judged by its internal type, never by
 * anything its prototype chain says. `instanceof` would take an object whose prototype was set to
 * Uint8Array.prototype (a Uint16Array in disguise would then be read element by element, and decode
 * to a value nobody sent), and would miss a Uint8Array from another realm. The getters of
 * %TypedArray%.prototype read internal slots, so they are taken once, here, and called directly.
 */

const TYPED_ARRAY_PROTOTYPE = Object.getPrototypeOf(Uint8Array.prototype) as object;

function getterOf(key: PropertyKey): (this: unknown) => unknown {
  const descriptor = Object.getOwnPropertyDescriptor(TYPED_ARRAY_PROTOTYPE, key);
  if (descriptor?.get === undefined) {
    throw new Error(
      'The runtime lacks a getter of `%TypedArray%.prototype`. Run on Node 20.19 or later.',
    );
  }
  return descriptor.get;
}

/** The [[TypedArrayName]] of a typed array (`'Uint8Array'` for a Buffer too); undefined otherwise. */
const typedArrayName = getterOf(Symbol.toStringTag);
const bufferOf = getterOf('buffer');
const byteOffsetOf = getterOf('byteOffset');
const lengthOf = getterOf('length');

/** What `input` is, from a fixed vocabulary of type names (never anything the input holds). */
function describe(input: unknown): string {
  if (input === null) return 'null';
  if (typeof input !== 'object') return typeof input;
  const name = Reflect.apply(typedArrayName, input, []);
  if (typeof name === 'string') return name;
  if (types.isDataView(input)) return 'DataView';
  if (types.isArrayBuffer(input)) return 'ArrayBuffer';
  if (types.isSharedArrayBuffer(input)) return 'SharedArrayBuffer';
  return 'object';
}

/**
 * `input` as bytes to decode when it is a Uint8Array (a Buffer is one); throws
 * {@link DecoderError} `INVALID_INPUT` for anything else. A Uint8Array whose prototype is neither
 * `Uint8Array.prototype` nor `Buffer.prototype` (a subclass, a swapped prototype, another realm's)
 * is read through a plain view of the same bytes, so nothing it inherits is called. Bytes in a
 * SharedArrayBuffer are copied first: another thread could change them between the UTF-8 check,
 * the scan and the parse, and the value built would then not be the document the scan judged.
 */
export function bytesOf(input: unknown): Uint8Array {
  if (ArrayBuffer.isView(input) && Reflect.apply(typedArrayName, input, []) === 'Uint8Array') {
    const buffer = Reflect.apply(bufferOf, input, []) as ArrayBufferLike;
    const prototype = Object.getPrototypeOf(input) as unknown;
    const ordinary = prototype === Uint8Array.prototype || prototype === Buffer.prototype;
    if (ordinary && !types.isSharedArrayBuffer(buffer)) return input as Uint8Array;
    const byteOffset = Reflect.apply(byteOffsetOf, input, []) as number;
    const length = Reflect.apply(lengthOf, input, []) as number;
    const view = new Uint8Array(buffer, byteOffset, length);
    if (!types.isSharedArrayBuffer(buffer)) return view;
    const copy = new Uint8Array(length);
    copy.set(view);
    return copy;
  }
  throw new DecoderError(
    DECODER_ERROR_CODES.INVALID_INPUT,
    'The input of `decode` is neither a `string` nor a `Uint8Array`. Pass the document as a `string` or as its UTF-8 bytes in a `Uint8Array` (a `Buffer` is one; wrap an `ArrayBuffer` as `new Uint8Array(buffer)`).',
    { received: describe(input) },
  );
}
