/**
 * The API's shapes as the dashboard reads them: the types generated from /openapi.json
 * (`npm run generate:client`), never a hand-kept copy. The one place that knows where they live.
 */
import type { components, operations, paths } from '../../../widget/src/client/generated/openapi'

export type { components, operations, paths }

type Schemas = components['schemas']

/**
 * openapi-typescript renders the nullable `last_non_activity_message` as `MessagePushData &
 * (Record<string, never> | null)`, which no real message satisfies: the API's values fit this.
 */
export type Conversation = Omit<Schemas['Conversation'], 'last_non_activity_message'> & {
  last_non_activity_message: Schemas['MessagePushData'] | null
}
export type Message = Schemas['Message']
/** A message as the live frames and conversation lists carry it. */
export type MessagePushData = Schemas['MessagePushData']
export type Profile = Schemas['Profile']
export type ApiErrorBody = Schemas['Error']
