/**
 * The API's shapes as the dashboard reads them: the types generated from /openapi.json
 * (`npm run generate:client`), never a hand-kept copy. The one place that knows where they live.
 */
import type { components, operations, paths } from '../../../protocol/generated/openapi'

export type { components, operations, paths }

type Schemas = components['schemas']

export type Conversation = Schemas['Conversation']
export type Message = Schemas['Message']
/** A message as the live frames and conversation lists carry it. */
export type MessagePushData = Schemas['MessagePushData']
export type Profile = Schemas['Profile']
export type ApiErrorBody = Schemas['Error']
export type Team = Schemas['Team']
export type Label = Schemas['Label']
export type CustomAttributeDefinition = Schemas['CustomAttributeDefinition']
export type CannedResponse = Schemas['CannedResponse']
export type AccountDetails = Schemas['AccountDetails']
export type Inbox = Schemas['Inbox']
export type InboxInput = Schemas['InboxInput']
export type InboxUpdate = Schemas['InboxUpdate']
export type Agent = Schemas['Agent']
export type Webhook = Schemas['Webhook']
export type WebhookInput = Schemas['WebhookInput']
export type WebhookEvent = NonNullable<WebhookInput['subscriptions']>[number]
export type WebhookDelivery = Schemas['WebhookDelivery']
export type Funnel = Schemas['Funnel']
export type FunnelStage = Schemas['FunnelStage']
export type FunnelStagePlacement = Schemas['FunnelStagePlacement']
export type ChecklistItem = Schemas['ChecklistItem']
export type FunnelBoard = Schemas['FunnelBoard']
export type BoardStage = Schemas['BoardStage']
export type ReportSummary = Schemas['ReportSummary']
export type ReportPoint = Schemas['ReportPoint']
export type SummaryReportRow = Schemas['SummaryReportRow']
