/**
 * WhatsApp's customer-service window: a business may write freely for 24 hours after the
 * customer's last message; outside it only an approved template may be sent
 * (https://developers.facebook.com/docs/whatsapp/pricing#customer-service-windows). SMS has none.
 */
export const WHATSAPP_WINDOW_SECONDS = 24 * 60 * 60

export type PhoneMedium = 'sms' | 'whatsapp'

export function isInsideWhatsAppWindow(lastInboundAt: number | null, now: number) {
  return lastInboundAt !== null && now - lastInboundAt < WHATSAPP_WINDOW_SECONDS
}

export type PhoneSendRefusal = 'opted_out' | 'outside_whatsapp_window'

/**
 * Why a text to this contact may not be sent now, or null when it may: the contact opted out of
 * the number (STOP), or, on WhatsApp, the window is closed and the message is no template
 * (Chatwoot's `template_params`). Called before every send (worker/phone/outbound.ts) and by the
 * composer's refusals.
 */
export function phoneSendRefusal(
  contactInbox: { optedOutAt: number | null; lastInboundAt: number | null },
  inbox: { medium: PhoneMedium },
  now: number,
  message: { template: boolean } = { template: false },
): PhoneSendRefusal | null {
  if (contactInbox.optedOutAt !== null) return 'opted_out'
  if (
    inbox.medium === 'whatsapp' &&
    !message.template &&
    !isInsideWhatsAppWindow(contactInbox.lastInboundAt, now)
  )
    return 'outside_whatsapp_window'
  return null
}
