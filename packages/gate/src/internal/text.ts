/** Any character that may make a string inadmissible; most strings have none and are decided here. */
const SUSPECT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]/;

/**
 * True when `text` holds no C0 control other than tab, LF and CR, and no unpaired UTF-16 surrogate:
 * neither survives being written to a UTF-8 stream or a text column intact.
 */
export function isAdmissibleText(text: string): boolean {
  return !SUSPECT.test(text) || isAdmissibleSlow(text);
}

function isAdmissibleSlow(text: string): boolean {
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20) {
      if (code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      if (code >= 0xdc00) return false;
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}
