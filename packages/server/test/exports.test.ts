/*
 * The public surface of every entry, pinned: adding, removing or changing the kind of an export is
 * a reviewed decision, made here.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';

const entry = (name: string) => join(import.meta.dirname, '../src', name);

describe('exports', () => {
  it('pins the root entry', { timeout: 120_000 }, () => {
    expect(listSurface(entry('index.ts'))).toEqual({
      ALLOWED_METHODS: 'const',
      CALL_OUTCOMES: 'const',
      CLIENT_REFUSAL_CODES: 'const',
      CLIENT_REFUSAL_TEXTS: 'const',
      CORRECTABLE_META_KEY: 'const',
      CallOutcome: 'type',
      ClientRefusal: 'interface',
      ClientRefusalCode: 'type',
      ClientReply: 'type',
      ClientRequests: 'interface',
      ClientCapability: 'type',
      AskOptions: 'interface',
      Root: 'interface',
      ConnectOptions: 'interface',
      ContentResult: 'interface',
      DIALECT_META_KEY: 'const',
      ElicitationReply: 'type',
      Grants: 'type',
      Logger: 'interface',
      MAX_REQUEST_ID_LENGTH: 'const',
      NARROWED_META_KEY: 'const',
      ResourceNotFoundError: 'class',
      RichContent: 'type',
      SERVER_ERROR_CODES: 'const',
      SERVER_TEXTS: 'const',
      SamplingContent: 'type',
      SamplingReply: 'interface',
      SamplingRequest: 'interface',
      ServerError: 'class',
      ServerErrorCode: 'type',
      ServerErrorDetails: 'interface',
      ToolConnection: 'interface',
      ToolError: 'class',
      ToolErrorFact: 'type',
      ToolServer: 'interface',
      ToolServerOptions: 'interface',
      audioContent: 'function',
      contentResult: 'function',
      createJsonLogger: 'function',
      createToolServer: 'function',
      embeddedResourceContent: 'function',
      imageContent: 'function',
      resourceLinkContent: 'function',
      textContent: 'function',
      withContent: 'function',
    });
  });

  it('pins the http entry', { timeout: 120_000 }, () => {
    expect(listSurface(entry('http.ts'))).toEqual({
      CancelRelay: 'interface',
      ConsumerResolver: 'interface',
      DEFAULT_MAX_BODY_BYTES: 'const',
      DEFAULT_SESSION_LIMITS: 'const',
      HTTP_TEXTS: 'const',
      HttpHandler: 'interface',
      HttpAuthorizationOptions: 'interface',
      HttpHandlerOptions: 'interface',
      HttpHost: 'interface',
      RelayedCancel: 'interface',
      ServeHttpOptions: 'interface',
      SessionOptions: 'interface',
      TokenEntry: 'interface',
      createHttpHandler: 'function',
      createTokenResolver: 'function',
      hashToken: 'function',
      serveHttp: 'function',
    });
  });

  it('pins the stdio entry', { timeout: 120_000 }, () => {
    expect(listSurface(entry('stdio.ts'))).toEqual({
      LineInput: 'type',
      LineOutput: 'type',
      ServeStdioOptions: 'interface',
      StdioHost: 'interface',
      serveStdio: 'function',
    });
  });
});
