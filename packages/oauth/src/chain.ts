import { invalidOption } from './errors.ts';
import type { TokenVerification, TokenVerifier } from './verification.ts';

/**
 * One verifier over several (static tokens, then JWTs, then introspection): the first that
 * verifies the token wins. When none does, an `UNAVAILABLE` refusal wins over the others, so an
 * outage is never reported as a bad token; otherwise the last verifier's refusal is returned.
 * A verifier that throws counts as `UNAVAILABLE`.
 */
export function createVerifierChain(verifiers: readonly TokenVerifier[]): TokenVerifier {
  if (
    !Array.isArray(verifiers) ||
    verifiers.length === 0 ||
    !verifiers.every((v) => typeof v?.verify === 'function')
  ) {
    invalidOption('verifiers', 'A chain needs a non-empty list of verifiers.');
  }
  const chain = [...verifiers];
  return {
    async verify(token) {
      let last: TokenVerification | undefined;
      let unavailable: TokenVerification | undefined;
      for (const verifier of chain) {
        let result: TokenVerification;
        try {
          result = await verifier.verify(token);
        } catch {
          result = { ok: false, refusal: { code: 'UNAVAILABLE', status: 503 } };
        }
        if (result.ok) return result;
        if (result.refusal.code === 'UNAVAILABLE') unavailable ??= result;
        last = result;
      }
      return unavailable ?? last!;
    },
  };
}
