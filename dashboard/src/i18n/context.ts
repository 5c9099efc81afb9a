import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import { type DashboardLocale, en, type Strings } from './index'

/** The language the dashboard speaks, its strings, and how the agent changes it. */
export interface LocaleServices {
  locale: DashboardLocale
  strings: Strings
  /** Switches every screen to `locale` (null: back to the browser's language). */
  choose(locale: DashboardLocale | null): Promise<void>
}

/**
 * Provided at the root (main.tsx → App), above the sign-in page and every account, so screens
 * outside an account follow the language too. Without a provider (a component under test) it
 * speaks English.
 */
export const LocaleContext = createContext<LocaleServices>({
  locale: 'en',
  strings: en,
  choose: async () => {},
})

/** The chosen language's strings: the one way a component reads its words. */
export function useStrings(): Strings {
  return useContext(LocaleContext).strings
}

export function useLocale(): LocaleServices {
  return useContext(LocaleContext)
}
