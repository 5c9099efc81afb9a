import { useAccount } from '../app/context'

export type ReplyRefusal = 'opted_out' | 'outside_whatsapp_window'

/** The conversation's `meta.reply_refusal` (a phone conversation the server will not text now). */
export const replyRefusalOf = (meta: unknown): ReplyRefusal | null => {
  const refusal = (meta as { reply_refusal?: unknown } | undefined)?.reply_refusal
  return refusal === 'opted_out' || refusal === 'outside_whatsapp_window' ? refusal : null
}

/**
 * Why a reply to this phone conversation would be refused, shown above the text box before the
 * agent writes one: the contact texted STOP, or WhatsApp's 24-hour window has closed. Private
 * notes are still possible, so the composer stays.
 */
export function PhoneReplyRefusal({ refusal, id }: { refusal: ReplyRefusal; id: string }) {
  const t = useAccount().strings.conversation
  return (
    <p class="cv-reply-refusal" id={id} role="status">
      {refusal === 'opted_out' ? t.refusalOptedOut : t.refusalWhatsAppWindow}
    </p>
  )
}
