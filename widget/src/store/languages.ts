import { effect } from '@preact/signals'
import type { Locale } from '../i18n'
import type { WidgetContext } from './context'

/**
 * Fetches the strings of whichever language becomes wanted (settings, setLocale, the inbox's
 * locale) once; English shows until they arrive, and stays if they cannot be fetched.
 */
export function loadLanguages(ctx: WidgetContext): () => void {
  const { state, env } = ctx
  const requested = new Set<Locale>()
  return effect(() => {
    const lang = state.wantedLang.value
    if (state.strings.peek()[lang] || requested.has(lang)) return
    requested.add(lang)
    env.loadStrings(lang).then(
      (strings) => {
        state.strings.value = { ...state.strings.peek(), [lang]: strings }
      },
      (error: unknown) => {
        requested.delete(lang)
        ctx.emit('error', { message: error instanceof Error ? error.message : String(error) })
      },
    )
  })
}
