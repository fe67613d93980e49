/**
 * @portcullis/gateway: the Portcullis door in front of any MCP server. Any export here is public API.
 */
export { closeForeignSchema, ForeignSchemaError } from './foreign-schema.ts';
export { UPSTREAM_ERROR_CODE_META_KEY } from './forward.ts';
export {
  createGateway,
  type Gateway,
  GatewayError,
  type GatewayOptions,
  type LeftOut,
  type NotGranted,
  type UpstreamSpec,
} from './gateway.ts';
export { type GatewayHost, serveGatewayHttp } from './serve.ts';
export { GATEWAY_TEXTS } from './texts.ts';
