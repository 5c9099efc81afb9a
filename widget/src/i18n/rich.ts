import type { Locale } from '.'

/**
 * The interactive messages' strings (forms, options, the email ask, the satisfaction survey), in
 * every language. Only the rich part chunk (widget-part-rich.js) imports it, so the first load
 * does not carry them. The email field's label stays in the main tables (the dashboard's preview
 * shows it).
 */
export const RICH: Record<
  Locale,
  {
    submit: string
    choose: string
    emailSaved: string
    question: string
    ratings: string[]
    feedback: string
    thanks: string
  }
> = {
  en: {
    submit: 'Submit',
    choose: 'Choose an option',
    emailSaved: 'We will reply to {email}',
    question: 'How would you rate this conversation?',
    ratings: ['Very unsatisfied', 'Unsatisfied', 'Neutral', 'Satisfied', 'Very satisfied'],
    feedback: 'Tell us more (optional)',
    thanks: 'Thank you for your feedback.',
  },
  es: {
    submit: 'Enviar',
    choose: 'Elige una opción',
    emailSaved: 'Te responderemos a {email}',
    question: '¿Cómo valorarías esta conversación?',
    ratings: ['Muy insatisfecho', 'Insatisfecho', 'Neutral', 'Satisfecho', 'Muy satisfecho'],
    feedback: 'Cuéntanos más (opcional)',
    thanks: 'Gracias por tu opinión.',
  },
  pt: {
    submit: 'Enviar',
    choose: 'Escolha uma opção',
    emailSaved: 'Responderemos para {email}',
    question: 'Como você avalia esta conversa?',
    ratings: ['Muito insatisfeito', 'Insatisfeito', 'Neutro', 'Satisfeito', 'Muito satisfeito'],
    feedback: 'Conte-nos mais (opcional)',
    thanks: 'Obrigado pela sua avaliação.',
  },
  ar: {
    submit: 'إرسال',
    choose: 'اختر خيارًا',
    emailSaved: 'سنرد على {email}',
    question: 'كيف تقيّم هذه المحادثة؟',
    ratings: ['غير راضٍ جدًا', 'غير راضٍ', 'محايد', 'راضٍ', 'راضٍ جدًا'],
    feedback: 'أخبرنا المزيد (اختياري)',
    thanks: 'شكرًا لملاحظاتك.',
  },
}
