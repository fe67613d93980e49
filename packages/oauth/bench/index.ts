/*
 * The cost of verifying one token, against a named baseline measured in the same run: jose's own
 * jwtVerify over a local key set (the least a JWT check can cost). The verifier adds the shape
 * and algorithm checks, the cached remote key set and the claim rules; the static verifier is a
 * SHA-256 and constant-time compares.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import type * as OAuth from '../src/index.ts';

const built = new URL('../dist/index.js', import.meta.url);
const { createJwtVerifier, createStaticTokenVerifier, hashToken } = (await import(
  existsSync(built) ? built.href : '../src/index.ts'
)) as typeof OAuth;
console.log(`measuring ${existsSync(built) ? 'dist/index.js' : 'src/index.ts'}`);

const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
const server = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;

const issuer = 'https://issuer.example.test';
const audience = 'https://mcp.example.test/mcp';
const token = await new SignJWT({ scope: 'tools:read tools:call' })
  .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
  .setIssuer(issuer)
  .setAudience(audience)
  .setSubject('alice')
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(privateKey);

const local = createLocalJWKSet({ keys: [jwk] });
const jwt = createJwtVerifier({ issuer, audience, jwksUri });
const entries = Array.from({ length: 100 }, (_, i) => ({
  consumer: `consumer-${i}`,
  tokenSha256: hashToken(`static-token-${i}`),
}));
const statics = createStaticTokenVerifier({ tokens: entries });

async function nsPerOp(fn: () => Promise<unknown>, ms = 300): Promise<number> {
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 32; i++) await fn();
    calls += 32;
  }
  return ((performance.now() - start) * 1e6) / calls;
}

const contenders: [string, () => Promise<unknown>][] = [
  ['jose jwtVerify, local key set (baseline)', () => jwtVerify(token, local, { issuer, audience })],
  ['createJwtVerifier, key set cached', () => jwt.verify(token)],
  ['createStaticTokenVerifier, 100 entries', () => statics.verify('static-token-99')],
];
const samples = contenders.map((): number[] => []);
for (const [, fn] of contenders) await nsPerOp(fn, 100);
for (let round = 0; round < 7; round++) {
  for (const [i, [, fn]] of contenders.entries()) samples[i]!.push(await nsPerOp(fn));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const base = median(samples[0]!);
console.log('\ntoken verification, median of 7 interleaved rounds, baseline: jose jwtVerify');
for (const [i, [name]] of contenders.entries()) {
  const ns = median(samples[i]!);
  console.log(
    `  ${name.padEnd(42)} ${(1e9 / ns).toFixed(0).padStart(8)} verifications/s  ${(ns / 1000).toFixed(1).padStart(7)} us  ratio ${(base / ns).toFixed(2)}x`,
  );
}
server.close();
