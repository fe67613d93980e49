// One tool served through Portcullis: `node main.js --stdio` for a client that starts the server,
// `node main.js` for Streamable HTTP on 127.0.0.1 (PORT, default 3001; HELLO_TOKEN, or one minted).
import { randomBytes } from 'node:crypto';
import { createCatalog, defineTool, exposure } from '@portcullis/catalog';
import { createToolServer } from '@portcullis/server';
import { createTokenResolver, hashToken, serveHttp } from '@portcullis/server/http';
import { serveStdio } from '@portcullis/server/stdio';
import { Type } from 'typebox';

const greet = defineTool({
  name: 'greet',
  description: 'Greets a person by name.',
  input: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }),
  output: Type.Object({ greeting: Type.String() }),
  weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
  annotations: { readOnlyHint: true },
  run: (input) => ({ greeting: `Hello, ${input.name}!` }),
});

const server = createToolServer({
  exposure: exposure(createCatalog({ tools: [greet] }), ['greet']),
  grants: { you: ['greet'] },
  callTimeoutMs: 10_000,
  dispatcher: { maxRunning: 8, maxQueued: 16 },
});

if (process.argv.includes('--stdio')) {
  const host = await serveStdio(server, { consumer: 'you' });
  await host.closed;
  await server.close();
} else {
  const token = process.env.HELLO_TOKEN ?? randomBytes(24).toString('base64url');
  if (process.env.HELLO_TOKEN === undefined) console.error(`bearer token: ${token}`);
  const consumers = createTokenResolver([{ consumer: 'you', tokenSha256: hashToken(token) }]);
  const host = await serveHttp(server, { port: Number(process.env.PORT ?? 3001), consumers });
  const stop = () => host.close().then(() => server.close());
  // Before the line that says it listens: a signal sent on reading it must find the handler.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`listening on ${host.url}`);
}
