/**
 * One OpenTelemetry span per `tools/call`, through `@opentelemetry/api` alone: without an SDK
 * registered the API's tracer is a no-op and nothing is recorded. A span carries the tool (only
 * when it is an exposed tool's name, never a name a caller invented), the consumer, the outcome and
 * the duration; never an argument.
 */
import {
  type Context,
  context,
  createTraceState,
  INVALID_SPAN_CONTEXT,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { CALL_OUTCOMES, type CallOutcome } from '../texts.ts';
import type { TraceCarrier } from './connection.ts';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const MAX_TRACESTATE = 512;

/** A `traceparent` (and `tracestate`) of a request's `_meta`, kept only when well formed. */
export function traceCarrierOf(meta: unknown): TraceCarrier | undefined {
  if (typeof meta !== 'object' || meta === null || !Object.hasOwn(meta, 'traceparent')) {
    return undefined;
  }
  const { traceparent, tracestate } = meta as Record<string, unknown>;
  if (typeof traceparent !== 'string' || !TRACEPARENT.test(traceparent)) return undefined;
  const state =
    typeof tracestate === 'string' && tracestate.length <= MAX_TRACESTATE ? tracestate : undefined;
  return { traceparent, tracestate: state };
}

/** The remote parent a carrier names (W3C trace context), or none. */
function parentOf(carrier: TraceCarrier | undefined): Context | undefined {
  if (carrier === undefined) return undefined;
  const [, traceId, spanId, flags] = TRACEPARENT.exec(carrier.traceparent) ?? [];
  if (traceId === undefined || spanId === undefined || flags === undefined) return undefined;
  const spanContext = {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16) & 1,
    isRemote: true,
    ...(carrier.tracestate === undefined
      ? {}
      : { traceState: createTraceState(carrier.tracestate) }),
  };
  if (!trace.isSpanContextValid(spanContext)) return undefined;
  return trace.setSpanContext(ROOT_CONTEXT, spanContext);
}

export { CALL_OUTCOMES, type CallOutcome };

/** The tracer the server uses when none is given: the global one, a no-op without an SDK. */
export function defaultTracer(): Tracer {
  return trace.getTracer('@portcullis/server');
}

/** What every call's span starts with: shared, as nothing in it changes from call to call. */
const SPAN_OPTIONS = Object.freeze({
  attributes: Object.freeze({ 'mcp.method.name': 'tools/call' }),
});

/**
 * Starts a call's span, naming the tool (an exposed tool's name, or `undefined`) and the consumer;
 * `run` executes with it active, so a tool's own spans nest under it.
 */
export function startCallSpan(
  tracer: Tracer,
  tool: string | undefined,
  consumer: string | undefined,
  parent?: TraceCarrier,
): Span {
  const remote = parentOf(parent);
  const span =
    remote === undefined
      ? tracer.startSpan('tools/call', SPAN_OPTIONS)
      : tracer.startSpan('tools/call', SPAN_OPTIONS, remote);
  if (span.isRecording()) {
    if (tool !== undefined) span.setAttribute('gen_ai.tool.name', tool);
    if (consumer !== undefined) span.setAttribute('portcullis.consumer', consumer);
  }
  return span;
}

/** Runs `fn(...args)` with `span` as the active span. */
export function withSpan<A extends unknown[], T>(span: Span, fn: (...args: A) => T, ...args: A): T {
  // Without an SDK the span is the API's no-op: there is no context worth carrying. Its context is
  // then the API's invalid one itself, known without checking its ids' text.
  if (!span.isRecording()) {
    const spanContext = span.spanContext();
    if (spanContext === INVALID_SPAN_CONTEXT || !trace.isSpanContextValid(spanContext)) {
      return fn(...args);
    }
  }
  return context.with(trace.setSpan(context.active(), span), fn, undefined, ...args);
}

/** Ends a call's span with its outcome and duration. */
export function endCallSpan(span: Span, outcome: CallOutcome, durationMs: number): void {
  if (span.isRecording()) {
    span.setAttribute('portcullis.outcome', outcome);
    span.setAttribute('portcullis.duration_ms', durationMs);
    if (outcome === CALL_OUTCOMES.SYSTEM_ERROR) span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** Records a call the interposer answered itself: a span that starts and ends at once. */
export function recordAnswered(
  tracer: Tracer,
  tool: string | undefined,
  consumer: string | undefined,
  outcome: CallOutcome,
): void {
  endCallSpan(startCallSpan(tracer, tool, consumer), outcome, 0);
}
