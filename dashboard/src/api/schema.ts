/**
 * The API's shapes as the dashboard reads them: the types generated from /openapi.json
 * (`npm run generate:client`), never a hand-kept copy. The one place that knows where they live.
 */
import type { components, operations, paths } from '../../../widget/src/client/generated/openapi'

export type { components, operations, paths }

type Schemas = components['schemas']

export type Conversation = Schemas['Conversation']
export type Message = Schemas['Message']
/** A message as the live frames and conversation lists carry it. */
export type MessagePushData = Schemas['MessagePushData']
export type Profile = Schemas['Profile']
export type ApiErrorBody = Schemas['Error']
