import { useSignal } from '@preact/signals'
import { useEffect, useMemo } from 'preact/hooks'
import type { Profile } from '../api/schema'
import { chooseLocale, type DashboardLocale, loadStrings, type Strings } from '../i18n'
import type { LocaleServices } from '../i18n/context'

/**
 * The root's language: what main.tsx chose from the browser before the first paint, then the
 * signed-in agent's own choice (the profile's ui_settings, see chooseLocale). Every switch loads
 * the language's strings first, so no screen is drawn half in one language and half in another.
 */
export function useLanguage(
  initial: { locale: DashboardLocale; strings: Strings },
  browserLanguages: readonly string[],
) {
  const current = useSignal(initial)

  async function switchTo(locale: DashboardLocale) {
    if (current.value.locale === locale) return
    const strings = await loadStrings(locale)
    current.value = { locale, strings }
  }

  /** Speaks the language this agent chose (the browser's when they chose none). */
  async function follow(me: Profile | null) {
    try {
      await switchTo(chooseLocale(me?.ui_settings, browserLanguages))
    } catch {
      // The language's chunk did not load (offline, replaced by a deploy): stay as we are.
    }
  }

  const { locale, strings } = current.value
  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])

  const services = useMemo<LocaleServices>(
    () => ({
      locale,
      strings,
      choose: (chosen) => switchTo(chosen ?? chooseLocale(null, browserLanguages)),
    }),
    [locale, strings],
  )
  return { services, follow }
}
