/**
 * One OpenTelemetry span per `tools/call`, through `@opentelemetry/api` alone: without an SDK
 * registered the API's tracer is a no-op and nothing is recorded. A span carries the tool (only
 * when it is an exposed tool's name, never a name a caller invented), the consumer, the outcome and
 * the duration; never an argument.
 */
import {
  context,
  INVALID_SPAN_CONTEXT,
  type Span,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { CALL_OUTCOMES, type CallOutcome } from '../texts.ts';

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
): Span {
  const span = tracer.startSpan('tools/call', SPAN_OPTIONS);
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
