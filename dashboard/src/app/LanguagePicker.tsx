import { useSignal } from '@preact/signals'
import { unwrap } from '../api/client'
import {
  DASHBOARD_LOCALES,
  type DashboardLocale,
  LANGUAGE_NAMES,
  matchLocale,
  UI_LOCALE_KEY,
} from '../i18n'
import { useLocale } from '../i18n/context'
import { useAccount } from './context'

/**
 * The agent's own dashboard language, kept in the profile's ui_settings (`locale`, Chatwoot's
 * key) through the existing PATCH /api/v1/profile: no new API field. "Same as the browser"
 * stores an empty choice. The whole dashboard switches once the choice is saved.
 */
export function LanguagePicker() {
  const { api, me } = useAccount()
  const { strings, choose } = useLocale()
  const t = strings.shell
  const chosen = useSignal(matchLocale(me.ui_settings?.[UI_LOCALE_KEY]) ?? '')
  const failed = useSignal(false)

  async function change(value: string) {
    const before = chosen.value
    const locale = matchLocale(value) ?? null
    chosen.value = locale ?? ''
    failed.value = false
    try {
      await unwrap(
        api.PATCH('/api/v1/profile', { body: { ui_settings: { [UI_LOCALE_KEY]: locale ?? '' } } }),
      )
      await choose(locale)
    } catch {
      chosen.value = before
      failed.value = true
    }
  }

  return (
    <div class="field">
      <label for="dashboard-language">{t.language}</label>
      <select
        id="dashboard-language"
        value={chosen.value}
        onChange={(e) => void change(e.currentTarget.value)}
      >
        <option value="">{t.languageAutomatic}</option>
        {DASHBOARD_LOCALES.map((code: DashboardLocale) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      {failed.value && (
        <p role="alert" class="field-error">
          {t.settingsSaveFailed}
        </p>
      )}
    </div>
  )
}
