/**
 * Twilio's webhooks name no inbox: the directory's inbox route for the sender they name (the
 * Messaging Service, else our number) says which account has it, so the shard is known before
 * anything is read. One sender, one inbox, across all accounts.
 */
export const twilioRouteKey = (accountSid: string, sender: string) =>
  `twilio:${accountSid}:${sender}`

/** A Twilio address without WhatsApp's `whatsapp:` prefix: the E.164 number. */
export const bareNumber = (address: string) => address.trim().replace(/^whatsapp:/i, '')

export const isWhatsAppAddress = (address: string) => /^whatsapp:/i.test(address.trim())
