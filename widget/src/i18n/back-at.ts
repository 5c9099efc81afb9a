import type { Locale } from '.'

/**
 * The header's "back at" line while working hours are on and the team is closed, in every
 * language. Only the hours part chunk (widget-part-hours.js) imports it, so most inboxes (hours
 * off) never download these strings, nor the schedule's time-zone logic.
 */
export const BACK_AT: Record<Locale, { today: string; tomorrow: string; day: string }> = {
  en: {
    today: "We're back today at {time}",
    tomorrow: "We're back tomorrow at {time}",
    day: "We're back {day} at {time}",
  },
  es: {
    today: 'Volvemos hoy a las {time}',
    tomorrow: 'Volvemos mañana a las {time}',
    day: 'Volvemos el {day} a las {time}',
  },
  pt: {
    today: 'Voltamos hoje às {time}',
    tomorrow: 'Voltamos amanhã às {time}',
    day: 'Voltamos {day} às {time}',
  },
  ar: {
    today: 'نعود اليوم في {time}',
    tomorrow: 'نعود غدًا في {time}',
    day: 'نعود يوم {day} في {time}',
  },
}
