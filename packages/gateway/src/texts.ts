/**
 * Every text the gateway composes for a caller. Upstream texts never pass through: an upstream error
 * may quote what the caller sent, so the caller gets one of these instead (the upstream's JSON-RPC
 * error code, a number, is the one fact of it kept).
 */
export const GATEWAY_TEXTS = Object.freeze({
  upstreamFailed:
    'The upstream server reported that this tool call failed. Its own message is not passed on; check the arguments against the tool description and try again.',
  upstreamRefused: (code: number | undefined) =>
    `The upstream server refused this tool call${code === undefined ? '' : ` (JSON-RPC error ${code})`}. Its own message is not passed on.`,
  cancelled: 'The call was cancelled before the upstream server answered.',
  inputNotRelayable:
    'The upstream server asked for input the gateway cannot relay to you (only form elicitation, sampling and roots are relayed), so the call ended.',
  inputNotGiven: (why: string) =>
    `The upstream server asked for input this client did not give, so the call ended: ${why}`,
  upstreamRequestUnrouted:
    'The gateway relays a request of this server only while exactly one call runs on it, and cannot tell which call this one belongs to.',
  upstreamRequestUnanswered: 'The caller did not answer this request.',
  upstreamLogged: 'The upstream server logged this data.',
  tooManyRounds:
    'The upstream server kept asking for more input past the rounds the gateway allows, so the call ended.',
  noStructuredContent:
    'The upstream server answered without the structured content its tool declares, so the answer is not passed on.',
});
