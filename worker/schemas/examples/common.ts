/** Examples of the common schemas, in Chatwoot's shapes, for /openapi.json. */

export const EmptyExample = {}
