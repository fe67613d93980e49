/**
 * @portcullis/gateway: the Portcullis door in front of any MCP server. Any export here is public API.
 */

export type { LeftOut, NotGranted } from './build.ts';
export { closeForeignSchema, ForeignSchemaError } from './foreign-schema.ts';
export { UPSTREAM_ERROR_CODE_META_KEY } from './forward.ts';
export { createGateway, type Gateway, type GatewayOptions } from './gateway.ts';
export { type GatewayHost, serveGatewayHttp } from './serve.ts';
export { GATEWAY_TEXTS } from './texts.ts';
export { GatewayError, type UpstreamSpec } from './upstream.ts';
