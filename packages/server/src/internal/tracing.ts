/**
 * One OpenTelemetry span per `tools/call`, through `@opentelemetry/api` alone: without an SDK
 * registered the API's tracer is a no-op and nothing is recorded. A span carries the tool (only
 * when it is an exposed tool's name, never a name a caller invented), the consumer, the outcome and
 * the duration; never an argument.
 */
import { context, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { CALL_OUTCOMES, type CallOutcome } from '../texts.ts';

export { CALL_OUTCOMES, type CallOutcome };

/** The tracer the server uses when none is given: the global one, a no-op without an SDK. */
export function defaultTracer(): Tracer {
  return trace.getTracer('@portcullis/server');
}

/** What a span says about its call. */
export interface CallFacts {
  readonly tool: string | undefined;
  readonly consumer: string | undefined;
}

/** Starts a call's span; `run` executes with it active, so a tool's own spans nest under it. */
export function startCallSpan(tracer: Tracer, facts: CallFacts): Span {
  const span = tracer.startSpan('tools/call', {
    attributes: { 'mcp.method.name': 'tools/call' },
  });
  if (span.isRecording()) {
    if (facts.tool !== undefined) span.setAttribute('gen_ai.tool.name', facts.tool);
    if (facts.consumer !== undefined) span.setAttribute('portcullis.consumer', facts.consumer);
  }
  return span;
}

/** Runs `fn` with `span` as the active span. */
export function withSpan<T>(span: Span, fn: () => T): T {
  // Without an SDK the span is the API's no-op: there is no context worth carrying.
  if (!span.isRecording() && !trace.isSpanContextValid(span.spanContext())) return fn();
  return context.with(trace.setSpan(context.active(), span), fn);
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
export function recordAnswered(tracer: Tracer, facts: CallFacts, outcome: CallOutcome): void {
  endCallSpan(startCallSpan(tracer, facts), outcome, 0);
}
