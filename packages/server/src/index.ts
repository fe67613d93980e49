/**
 * @portcullis/server: Portcullis as an MCP server over the official SDK. Any new export added here
 * becomes public API; `test/exports.test.ts` pins the surface.
 */
export {
  type AskOptions,
  CLIENT_REFUSAL_CODES,
  CLIENT_REFUSAL_TEXTS,
  type ClientCapability,
  type ClientRefusal,
  type ClientRefusalCode,
  type ClientReply,
  type ClientRequests,
  type ElicitationReply,
  type Root,
  type SamplingContent,
  type SamplingReply,
  type SamplingRequest,
} from './client-requests.ts';
export {
  audioContent,
  type ContentResult,
  contentResult,
  embeddedResourceContent,
  imageContent,
  type RichContent,
  resourceLinkContent,
  textContent,
  withContent,
} from './content.ts';
export {
  ResourceNotFoundError,
  SERVER_ERROR_CODES,
  ServerError,
  type ServerErrorCode,
  type ServerErrorDetails,
  ToolError,
  type ToolErrorFact,
} from './errors.ts';
export { createJsonLogger, type Logger } from './logger.ts';
export type { Grants, ToolServerOptions } from './options.ts';
export {
  ALLOWED_METHODS,
  CALL_OUTCOMES,
  type CallOutcome,
  CORRECTABLE_META_KEY,
  DIALECT_META_KEY,
  MAX_REQUEST_ID_LENGTH,
  NARROWED_META_KEY,
  SERVER_TEXTS,
} from './texts.ts';
export {
  type ConnectOptions,
  createToolServer,
  type ToolConnection,
  type ToolServer,
} from './tool-server.ts';
