/*
 * One OpenTelemetry span per `tools/call`, through `@opentelemetry/api` alone: the tool (only an
 * exposed tool's name, never one a caller invented), the consumer, the outcome and the duration;
 * status ERROR for a system error; a span for a call the interposer answered itself; nothing when
 * no SDK is installed (every other test runs on the API's no-op). A well-formed `traceparent`
 * (and `tracestate`) in the call's `_meta` makes the span a child of that remote span, in both
 * eras; a malformed one is ignored.
 */
import {
  type Context,
  type Span,
  type SpanContext,
  type SpanOptions,
  type SpanStatus,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { call, closeAll, fixtureServer, rawPeer } from './support.ts';

interface Recorded {
  readonly name: string;
  readonly attributes: Record<string, unknown>;
  status?: SpanStatus;
  ended: boolean;
  /** The span context of the parent it was started under, when one was given. */
  parent?: SpanContext | undefined;
}

/** A tracer that records what the server tells it, implemented on the API's interfaces. */
function recordingTracer(): Tracer & { readonly spans: Recorded[] } {
  const spans: Recorded[] = [];
  const context: SpanContext = {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    traceFlags: 1,
  };
  const startSpan = (name: string, options?: SpanOptions, parent?: Context): Span => {
    const recorded: Recorded = {
      name,
      attributes: { ...options?.attributes },
      ended: false,
      parent: parent === undefined ? undefined : trace.getSpanContext(parent),
    };
    spans.push(recorded);
    const span: Span = {
      spanContext: () => context,
      setAttribute(key, value) {
        recorded.attributes[key] = value;
        return span;
      },
      setAttributes(attributes) {
        Object.assign(recorded.attributes, attributes);
        return span;
      },
      addEvent: () => span,
      addLink: () => span,
      addLinks: () => span,
      setStatus(status) {
        recorded.status = status;
        return span;
      },
      updateName: () => span,
      end() {
        recorded.ended = true;
      },
      isRecording: () => !recorded.ended,
      recordException: () => undefined,
    };
    return span;
  };
  return {
    spans,
    startSpan,
    startActiveSpan: ((name: string, ...rest: unknown[]) => {
      const fn = rest.at(-1) as (span: Span) => unknown;
      return fn(startSpan(name));
    }) as Tracer['startActiveSpan'],
  };
}

afterEach(closeAll);

describe('spans', () => {
  it('records one ended span per call with tool, consumer, outcome and duration', async () => {
    const tracer = recordingTracer();
    const { server } = fixtureServer({ tracer });
    const peer = await rawPeer(server, 'bob');
    await peer.request(call(1, 'add', { a: 1, b: 2 }));
    expect(tracer.spans).toHaveLength(1);
    const [span] = tracer.spans;
    expect(span).toMatchObject({
      name: 'tools/call',
      ended: true,
      attributes: {
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'add',
        'portcullis.consumer': 'bob',
        'portcullis.outcome': 'COMPLETED',
      },
    });
    expect(span?.attributes['portcullis.duration_ms']).toBeTypeOf('number');
    expect(span?.status).toBeUndefined();
  });

  it('records refusals the interposer answered, never a name the caller invented', async () => {
    const tracer = recordingTracer();
    const { server } = fixtureServer({ tracer });
    const peer = await rawPeer(server, 'bob');
    await peer.request(call(1, 'add', { a: 'x', b: 2 }));
    await peer.request(call(2, 'canary-tool', {}));
    expect(tracer.spans.map((span) => span.attributes)).toEqual([
      expect.objectContaining({ 'gen_ai.tool.name': 'add', 'portcullis.outcome': 'GATE_REFUSED' }),
      expect.objectContaining({ 'portcullis.consumer': 'bob', 'portcullis.outcome': 'UNSERVABLE' }),
    ]);
    expect(JSON.stringify(tracer.spans)).not.toContain('canary');
  });

  it('marks a system error with status ERROR', async () => {
    const tracer = recordingTracer();
    const { server } = fixtureServer({ tracer });
    const peer = await rawPeer(server, 'alice');
    await peer.request(call(1, 'fail', { how: 'system' }));
    expect(tracer.spans[0]).toMatchObject({
      attributes: { 'portcullis.outcome': 'SYSTEM_ERROR' },
      status: { code: 2 },
    });
  });

  it('ends the span and logs the call even when the handler fails and the logger throws', async () => {
    const tracer = recordingTracer();
    const lines: string[] = [];
    const logger = {
      info: (fields: object) => {
        lines.push(JSON.stringify(fields));
      },
      warn: () => undefined,
      error: () => {
        throw new Error('the log is gone');
      },
    };
    // A dispatcher whose submit throws: a defect the handler catches, logs (here: throws) and ends.
    const dispatcher = {
      submit: () => {
        throw new Error('broken');
      },
      cancelWorkflow: () => 0,
      stats: () => ({}),
    } as never;
    const { server } = fixtureServer({ tracer, logger, dispatcher });
    const peer = await rawPeer(server, 'alice');
    await peer.request(call(1, 'add', { a: 1, b: 2 })).catch(() => undefined);
    expect(tracer.spans[0]).toMatchObject({
      ended: true,
      attributes: { 'portcullis.outcome': 'SYSTEM_ERROR' },
    });
    expect(lines.some((line) => line.includes('"outcome":"SYSTEM_ERROR"'))).toBe(true);
  });
});

describe('the trace context of a call', () => {
  const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
  const SPAN_ID = '00f067aa0ba902b7';
  const ENVELOPE = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const withMeta = (id: number, meta: Record<string, unknown>, modern: boolean) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'add',
      arguments: { a: 1, b: 2 },
      _meta: modern ? { ...ENVELOPE, ...meta } : meta,
    },
  });

  it.each([false, true])(
    'continues a well-formed traceparent as the remote parent (modern: %s)',
    async (modern) => {
      const tracer = recordingTracer();
      const { server } = fixtureServer({ tracer });
      const peer = await rawPeer(server, 'bob');
      const answer = await peer.request(
        withMeta(
          1,
          { traceparent: `00-${TRACE_ID}-${SPAN_ID}-01`, tracestate: 'vendor=abc' },
          modern,
        ),
      );
      expect((answer.result as { resultType?: string }).resultType).toBe(
        modern ? 'complete' : undefined,
      );
      const [span] = tracer.spans;
      expect(span?.parent).toMatchObject({
        traceId: TRACE_ID,
        spanId: SPAN_ID,
        traceFlags: 1,
        isRemote: true,
      });
      expect(span?.parent?.traceState?.get('vendor')).toBe('abc');
    },
  );

  it.each([false, true])(
    'ignores a malformed traceparent and an oversized tracestate (modern: %s)',
    async (modern) => {
      const tracer = recordingTracer();
      const { server } = fixtureServer({ tracer });
      const peer = await rawPeer(server, 'bob');
      const malformed = [
        `01-${TRACE_ID}-${SPAN_ID}-01`,
        `00-${'0'.repeat(32)}-${SPAN_ID}-01`,
        `00-${TRACE_ID}-${'0'.repeat(16)}-01`,
        `00-${TRACE_ID.toUpperCase()}-${SPAN_ID}-01`,
        `00-${TRACE_ID}-${SPAN_ID}-01-canary`,
        42,
      ];
      let id = 0;
      for (const traceparent of malformed) {
        id += 1;
        const answer = await peer.request(withMeta(id, { traceparent }, modern));
        expect(answer.result, String(traceparent)).toBeDefined();
      }
      expect(tracer.spans.map((span) => span.parent)).toEqual(malformed.map(() => undefined));
      await peer.request(
        withMeta(
          99,
          { traceparent: `00-${TRACE_ID}-${SPAN_ID}-00`, tracestate: `a=${'b'.repeat(600)}` },
          modern,
        ),
      );
      const last = tracer.spans.at(-1);
      expect(last?.parent).toMatchObject({ traceId: TRACE_ID, traceFlags: 0 });
      expect(last?.parent?.traceState).toBeUndefined();
    },
  );
});
