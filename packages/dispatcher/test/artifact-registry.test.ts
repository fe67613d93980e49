/*
 * Guards the artifact registry: a ref (`alias:id`) is minted once, at registration, and stamped on
 * the artifact; a carried ref of the artifact's own alias is kept; `indexReachableFrom` reaches
 * every artifact through arrays, objects, maps, sets and artifacts themselves, cycles included, so
 * none serializes with a null ref; defects in types or registration throw `ArtifactError`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Artifact,
  ArtifactError,
  createArtifactRegistry,
  defineArtifactType,
} from '../src/index.ts';

class Doc implements Artifact {
  ref: string | null = null;
  readonly title: string;
  readonly related: unknown[];
  constructor(title: string, related: unknown[] = []) {
    this.title = title;
    this.related = related;
  }
}
class Memo extends Doc {}
class Chart implements Artifact {
  ref: string | null = null;
  readonly source: unknown;
  constructor(source?: unknown) {
    this.source = source;
  }
}
class Plain {
  readonly inner: unknown;
  constructor(inner: unknown) {
    this.inner = inner;
  }
}

const TYPES = [defineArtifactType('doc', Doc), defineArtifactType('chart', Chart)];
const REF = /^(doc|chart):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('register', () => {
  it('mints an alias:id ref once and stamps it on the artifact', () => {
    const registry = createArtifactRegistry(TYPES);
    const doc = new Doc('a');
    const ref = registry.register(doc);
    expect(ref).toMatch(REF);
    expect(ref.startsWith('doc:')).toBe(true);
    expect(doc.ref).toBe(ref);
    expect(registry.register(doc)).toBe(ref);
    expect(registry.resolve(ref)).toBe(doc);
    expect(registry.size).toBe(1);
    expect(JSON.parse(JSON.stringify(doc)).ref).toBe(ref);
  });

  it('gives distinct artifacts distinct refs, also across registries', () => {
    const one = createArtifactRegistry(TYPES);
    const two = createArtifactRegistry(TYPES);
    const refs = new Set([
      one.register(new Doc('a')),
      one.register(new Doc('a')),
      two.register(new Doc('a')),
      two.register(new Chart()),
    ]);
    expect(refs.size).toBe(4);
  });

  it('keeps a ref an artifact already carries from an earlier call', () => {
    const doc = new Doc('kept');
    const ref = createArtifactRegistry(TYPES).register(doc);
    const later = createArtifactRegistry(TYPES);
    expect(later.register(doc)).toBe(ref);
    expect(later.resolve(ref)).toBe(doc);
  });

  it('an instance of a subclass is an artifact of its nearest registered class', () => {
    const registry = createArtifactRegistry(TYPES);
    expect(registry.register(new Memo('m')).startsWith('doc:')).toBe(true);
    const withMemo = createArtifactRegistry([...TYPES, defineArtifactType('memo', Memo)]);
    expect(withMemo.register(new Memo('m')).startsWith('memo:')).toBe(true);
    expect(withMemo.typeOf(new Doc('d'))?.alias).toBe('doc');
    expect(withMemo.typeOf({ ref: null })).toBeUndefined();
  });

  it('throws ArtifactError for what is not a registered artifact or cannot carry its ref', () => {
    const registry = createArtifactRegistry(TYPES);
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        expect(error).toBeInstanceOf(ArtifactError);
        return (error as ArtifactError).code;
      }
      return 'no error';
    };
    expect(code(() => registry.register({ ref: null }))).toBe('UNREGISTERED_TYPE');
    expect(code(() => registry.register(null as never))).toBe('UNREGISTERED_TYPE');
    const foreign = new Doc('f');
    foreign.ref = 'chart:123';
    expect(code(() => registry.register(foreign))).toBe('FOREIGN_REF');
    foreign.ref = 'doc:';
    expect(code(() => registry.register(foreign))).toBe('FOREIGN_REF');
    const twin = new Doc('twin');
    twin.ref = registry.register(new Doc('original'));
    expect(code(() => registry.register(twin))).toBe('DUPLICATE_REF');
    expect(code(() => registry.register(Object.freeze(new Doc('frozen'))))).toBe('UNWRITABLE_REF');
    expect(registry.size).toBe(1);
  });

  it('refuses aliases that could not be read back out of a ref, and duplicate types', () => {
    for (const alias of ['', 'a:b', '1doc', 'doc space', 'dóc']) {
      expect(() => defineArtifactType(alias, Doc)).toThrow(
        expect.objectContaining({ code: 'INVALID_ALIAS' }),
      );
    }
    expect(() =>
      createArtifactRegistry([...TYPES, defineArtifactType('doc', Plain as never)]),
    ).toThrow(expect.objectContaining({ code: 'DUPLICATE_TYPE' }));
    expect(() => createArtifactRegistry([...TYPES, defineArtifactType('paper', Doc)])).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_TYPE' }),
    );
  });
});

describe('indexReachableFrom', () => {
  it('reaches artifacts through arrays, objects, maps (keys and values), sets and other artifacts', () => {
    const registry = createArtifactRegistry(TYPES);
    const deep = new Chart();
    const inDoc = new Doc('inner', [deep]);
    const key = new Doc('key');
    const value = {
      list: [new Doc('in-array')],
      nested: { plain: new Plain({ chart: new Chart() }) },
      map: new Map<unknown, unknown>([[key, new Chart()]]),
      set: new Set([new Doc('in-set')]),
      artifact: inDoc,
      skipped: [new Date(), /x/, new Uint8Array(4), () => new Doc('never built')],
    };
    expect(registry.indexReachableFrom(value)).toBe(7);
    const found = [
      value.list[0],
      (value.nested.plain.inner as { chart: Chart }).chart,
      key,
      value.map.get(key),
      [...value.set][0],
      inDoc,
      deep,
    ] as Artifact[];
    for (const artifact of found) {
      expect(artifact.ref).toMatch(REF);
      expect(registry.resolve(artifact.ref!)).toBe(artifact);
    }
    expect(JSON.stringify(value)).not.toContain('"ref":null');
  });

  it('is safe through cycles and mints each ref once', () => {
    const registry = createArtifactRegistry(TYPES);
    const a = new Doc('a');
    const b = new Doc('b', [a]);
    a.related.push(b, a);
    const holder: Record<string, unknown> = { a, list: [b] };
    holder.self = holder;
    (holder.list as unknown[]).push(holder);
    expect(registry.indexReachableFrom(holder)).toBe(2);
    const refs = [a.ref, b.ref];
    expect(registry.indexReachableFrom([holder, a, b])).toBe(2);
    expect([a.ref, b.ref]).toEqual(refs);
    expect(registry.size).toBe(2);
  });

  it('reads own enumerable getters as serialization does, and never a prototype accessor', () => {
    const registry = createArtifactRegistry(TYPES);
    const behind = new Doc('behind a getter');
    let reads = 0;
    const value = {
      get doc() {
        reads++;
        return behind;
      },
    };
    class Lazy {
      get hidden(): Doc {
        throw new Error('a prototype getter is never read');
      }
    }
    expect(registry.indexReachableFrom([value, new Lazy()])).toBe(1);
    expect(reads).toBe(1);
    expect(JSON.parse(JSON.stringify(value)).doc.ref).toBe(behind.ref);
    expect(behind.ref).toMatch(REF);
  });

  it('an artifact may keep its ref behind an accessor pair', () => {
    class Boxed implements Artifact {
      #ref: string | null = null;
      get ref(): string | null {
        return this.#ref;
      }
      set ref(value: string | null) {
        this.#ref = value;
      }
      toJSON() {
        return { ref: this.#ref };
      }
    }
    const registry = createArtifactRegistry([defineArtifactType('boxed', Boxed)]);
    const boxed = new Boxed();
    expect(registry.indexReachableFrom({ boxed })).toBe(1);
    expect(boxed.ref).toMatch(/^boxed:/);
    expect(registry.resolve(boxed.ref!)).toBe(boxed);
  });

  it('walks frozen containers; a frozen artifact is fine with its ref, a defect without', () => {
    const registry = createArtifactRegistry(TYPES);
    const inside = new Doc('inside');
    const stamped = new Doc('stamped');
    createArtifactRegistry(TYPES).register(stamped);
    const value = Object.freeze({
      list: Object.freeze([inside]),
      map: Object.freeze(new Map([['k', Object.freeze(stamped)]])),
    });
    expect(registry.indexReachableFrom(value)).toBe(2);
    expect(inside.ref).toMatch(REF);
    expect(registry.resolve(stamped.ref!)).toBe(stamped);
    expect(() => registry.indexReachableFrom([Object.freeze(new Doc('bare'))])).toThrow(
      expect.objectContaining({ name: 'ArtifactError', code: 'UNWRITABLE_REF' }),
    );
  });

  it('follows own "__proto__" and "constructor" keys as data, and touches no prototype', () => {
    const registry = createArtifactRegistry(TYPES);
    const viaProto = new Doc('via __proto__');
    const viaConstructor = new Chart();
    const parsed = JSON.parse('{"__proto__": {"x": 1}, "constructor": {"prototype": {}}}');
    Object.defineProperty(parsed, '__proto__', { value: [viaProto], enumerable: true });
    parsed.constructor = { prototype: { chart: viaConstructor } };
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { parsed });
    expect(registry.indexReachableFrom(bare)).toBe(2);
    expect([viaProto.ref, viaConstructor.ref]).toEqual([
      expect.stringMatching(REF),
      expect.stringMatching(REF),
    ]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).ref).toBeUndefined();
  });

  it('walks a long chain without exhausting the stack', () => {
    const registry = createArtifactRegistry(TYPES);
    let chain: unknown = new Doc('bottom');
    for (let i = 0; i < 100_000; i++) chain = { next: chain };
    expect(registry.indexReachableFrom(chain)).toBe(1);
  });

  it('for any graph with cycles, every artifact reachable gets a ref and the count is exact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('doc', 'chart', 'object', 'array', 'map', 'set'), {
          minLength: 1,
          maxLength: 25,
        }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 60 }),
        (kinds, edges) => {
          const nodes = kinds.map((kind) => {
            switch (kind) {
              case 'doc':
                return new Doc('n');
              case 'chart':
                return new Chart([]);
              case 'object':
                return {} as Record<string, unknown>;
              case 'array':
                return [] as unknown[];
              case 'map':
                return new Map<unknown, unknown>();
              default:
                return new Set<unknown>();
            }
          });
          const link = (from: unknown, to: unknown, n: number) => {
            if (from instanceof Doc) from.related.push(to);
            else if (from instanceof Chart) (from.source as unknown[]).push(to);
            else if (Array.isArray(from)) from.push(to);
            else if (from instanceof Map) from.set(n % 2 === 0 ? to : `k${n}`, to);
            else if (from instanceof Set) from.add(to);
            else (from as Record<string, unknown>)[`p${n}`] = to;
          };
          for (const [n, [f, t]] of edges.entries()) {
            link(nodes[f % nodes.length], nodes[t % nodes.length], n);
          }
          const reachable = new Set<unknown>();
          const stack: unknown[] = [nodes[0]];
          const children = (node: unknown): unknown[] => {
            if (node instanceof Doc) return node.related;
            if (node instanceof Chart) return node.source as unknown[];
            if (Array.isArray(node)) return node;
            if (node instanceof Map) return [...node.keys(), ...node.values()];
            if (node instanceof Set) return [...node];
            return Object.values(node as object);
          };
          while (stack.length > 0) {
            const node = stack.pop();
            if (typeof node !== 'object' || node === null || reachable.has(node)) continue;
            reachable.add(node);
            stack.push(...children(node));
          }
          const registry = createArtifactRegistry(TYPES);
          const count = registry.indexReachableFrom(nodes[0]);
          const artifacts = nodes.filter((n) => n instanceof Doc || n instanceof Chart);
          for (const artifact of artifacts) {
            if (reachable.has(artifact)) expect(artifact.ref).toMatch(REF);
            else expect(artifact.ref).toBeNull();
          }
          expect(count).toBe(artifacts.filter((a) => reachable.has(a)).length);
          expect(registry.size).toBe(count);
        },
      ),
    );
  });
});
