import type { Locale } from '.'

/**
 * The past-conversations view, in every language. Only the past part chunk
 * (widget-part-past.js) imports it, so the first load carries only the button that opens it.
 */
export const PAST: Record<
  Locale,
  {
    title: string
    back: string
    none: string
    status: Record<'open' | 'resolved' | 'pending' | 'snoozed', string>
  }
> = {
  en: {
    title: 'Past conversations',
    back: 'Back to the chat',
    none: 'No conversations yet',
    status: { open: 'Open', resolved: 'Resolved', pending: 'Pending', snoozed: 'Snoozed' },
  },
  es: {
    title: 'Conversaciones anteriores',
    back: 'Volver al chat',
    none: 'Aún no hay conversaciones',
    status: { open: 'Abierta', resolved: 'Resuelta', pending: 'Pendiente', snoozed: 'Pospuesta' },
  },
  pt: {
    title: 'Conversas anteriores',
    back: 'Voltar ao chat',
    none: 'Nenhuma conversa ainda',
    status: { open: 'Aberta', resolved: 'Resolvida', pending: 'Pendente', snoozed: 'Adiada' },
  },
  ar: {
    title: 'المحادثات السابقة',
    back: 'العودة إلى المحادثة',
    none: 'لا توجد محادثات بعد',
    status: { open: 'مفتوحة', resolved: 'تم حلها', pending: 'معلقة', snoozed: 'مؤجلة' },
  },
}
