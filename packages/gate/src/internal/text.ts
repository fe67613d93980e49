/** Any character that may make a string inadmissible; most strings have none and are decided here. */
const SUSPECT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]/;

/** A C0 control other than tab, LF and CR. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * `String.prototype.isWellFormed` (no unpaired surrogate), ES2024: in every Node this package runs
 * on, typed here because the workspace compiles against ES2023's library.
 */
const isWellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * True when `text` holds no C0 control other than tab, LF and CR, and no unpaired UTF-16 surrogate:
 * neither survives being written to a UTF-8 stream or a text column intact. Every test is a native
 * scan, so a long string whose only fault is its last character costs a few passes of the engine's
 * own, not a loop in JavaScript.
 */
export function isAdmissibleText(text: string): boolean {
  return !SUSPECT.test(text) || (!CONTROL.test(text) && isWellFormed(text));
}
