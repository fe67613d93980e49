/**
 * @portcullis/test-kit: the boundary's hostile corpus (private, never published). Canaries, the
 * hostile cases generated from a published document by the keyword table, the hand-written raw,
 * protocol, header and amplification cases, the generator of valid arguments, the naughty strings,
 * and the checks a campaign runs on every answer.
 */
export { baseline, FORMAT_EXAMPLES, resolved, typesOf, type Value } from './baseline.ts';
export { CANARY_MARK, type CanaryMint, createCanaryMint, findCanaries } from './canary.ts';
export {
  type AnswerKind,
  type CanaryLedger,
  createLedger,
  type KnownTexts,
  kindOf,
  scanAnswer,
} from './check.ts';
export { VOCABULARY_DOCUMENTS } from './documents.ts';
export { type HostileCase, hostileCases, REF_DEPTH, smallestValid } from './hostile.ts';
export {
  type AmplificationCase,
  type AmplificationTarget,
  amplificationCases,
  type HeaderCase,
  headerCases,
  oversizedBody,
} from './http-cases.ts';
export { type HostileValue, KEYWORD_RULES, type KeywordRule, withKey } from './keywords.ts';
export { isAllowedContent, NAUGHTY_STRINGS_PATH, naughtyStrings } from './naughty.ts';
export {
  type DecoderLimits,
  type LimitCase,
  limitCases,
  type RawCase,
  type RawExpectation,
  type RawTarget,
  rawCases,
} from './raw.ts';
export { arbitraryOf, FORMAT_ARBITRARIES, spellFor, validArguments } from './valid.ts';
