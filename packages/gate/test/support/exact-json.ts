/*
 * Reads the vendored JSON fixtures the way the project's decoder hands values to the gate: an
 * integer literal beyond ±(2^53 - 1) becomes a `bigint`, every other number is a double (`1.0` is
 * `1`), and `__proto__` is an own data property. Test support only; fixtures are trusted text.
 */

export function readExactJson(text: string): unknown {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${at}`);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at++;
  };
  const value = (): unknown => {
    space();
    const c = text[at];
    if (c === '{') {
      at++;
      const object: Record<string, unknown> = {};
      space();
      if (text[at] === '}') {
        at++;
        return object;
      }
      for (;;) {
        space();
        const key = string();
        space();
        if (text[at++] !== ':') fail('expected a colon');
        Object.defineProperty(object, key, {
          value: value(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        space();
        const next = text[at++];
        if (next === '}') return object;
        if (next !== ',') fail('expected a comma');
      }
    }
    if (c === '[') {
      at++;
      const array: unknown[] = [];
      space();
      if (text[at] === ']') {
        at++;
        return array;
      }
      for (;;) {
        array.push(value());
        space();
        const next = text[at++];
        if (next === ']') return array;
        if (next !== ',') fail('expected a comma');
      }
    }
    if (c === '"') return string();
    for (const [word, result] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return result;
      }
    }
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(at, at + 400));
    if (match === null) return fail('unexpected character');
    at += match[0].length;
    if (match[2] === undefined && match[3] === undefined) {
      const big = BigInt(match[0]);
      return big > BigInt(Number.MAX_SAFE_INTEGER) || big < -BigInt(Number.MAX_SAFE_INTEGER)
        ? big
        : Number(big);
    }
    return Number(match[0]);
  };
  const string = (): string => {
    if (text[at] !== '"') fail('expected a string');
    const start = at;
    at++;
    while (text[at] !== '"') {
      if (at >= text.length) fail('unterminated string');
      at += text[at] === '\\' ? 2 : 1;
    }
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const result = value();
  space();
  if (at !== text.length) fail('trailing text');
  return result;
}
