/**
 * Every use of `@portcullis/oauth` goes through this module, so a rename there is one edit here.
 */
export {
  bearerToken,
  type ChallengeResponse,
  createChallenges,
  missingScopes,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
  type TokenVerifier,
} from '@portcullis/oauth';
