import type { Server } from 'node:http'

export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string
export function postStatus(
  callbackUrl: string,
  authToken: string,
  params: Record<string, string>,
): Promise<number>
export function startTwilioStandIn(options?: {
  port?: number
  authToken?: string | null
  quiet?: boolean
}): Promise<{ server: Server; base: string }>
