import type { Locale } from '.'

/**
 * The header's team line and the end-chat question, in every language. Only the team part chunk
 * (widget-part-team.js) imports it, so the first load does not carry these strings.
 */
export const TEAM: Record<
  Locale,
  { online: string; away: string; endConfirm: string; end: string; cancel: string }
> = {
  en: {
    online: 'We are online',
    away: 'We are away right now',
    endConfirm: 'End this conversation?',
    end: 'End',
    cancel: 'Cancel',
  },
  es: {
    online: 'Estamos en línea',
    away: 'Ahora no estamos disponibles',
    endConfirm: '¿Terminar esta conversación?',
    end: 'Terminar',
    cancel: 'Cancelar',
  },
  pt: {
    online: 'Estamos online',
    away: 'Estamos ausentes agora',
    endConfirm: 'Encerrar esta conversa?',
    end: 'Encerrar',
    cancel: 'Cancelar',
  },
  ar: {
    online: 'نحن متصلون الآن',
    away: 'لسنا متاحين الآن',
    endConfirm: 'هل تريد إنهاء هذه المحادثة؟',
    end: 'إنهاء',
    cancel: 'إلغاء',
  },
}
