import { useSignal } from '@preact/signals'
import { useAccount } from './context'
import { savePreferences } from './preferences'

/** The shortcut switch and the send key, saved to the profile's ui_settings at once. */
export function PreferenceControls() {
  const { api, preferences, strings } = useAccount()
  const t = strings.shell
  const failed = useSignal(false)

  async function change(patch: Partial<typeof preferences.value>) {
    const before = preferences.value
    preferences.value = { ...before, ...patch }
    failed.value = false
    try {
      await savePreferences(api, preferences.value)
    } catch {
      preferences.value = before
      failed.value = true
    }
  }

  return (
    <fieldset class="preferences">
      <label class="check">
        <input
          type="checkbox"
          checked={preferences.value.shortcuts}
          onChange={(e) => void change({ shortcuts: e.currentTarget.checked })}
        />
        {t.useShortcuts}
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={preferences.value.sendWith === 'mod_enter'}
          onChange={(e) =>
            void change({ sendWith: e.currentTarget.checked ? 'mod_enter' : 'enter' })
          }
        />
        {t.sendWithModEnter}
      </label>
      <label class="field">
        {strings.notify.sound}
        <select
          value={preferences.value.sound}
          onChange={(e) =>
            void change({ sound: e.currentTarget.value as typeof preferences.value.sound })
          }
        >
          <option value="on">{strings.notify.soundOn}</option>
          <option value="hidden">{strings.notify.soundHidden}</option>
          <option value="off">{strings.notify.soundOff}</option>
        </select>
      </label>
      {failed.value && (
        <p role="alert" class="field-error">
          {t.settingsSaveFailed}
        </p>
      )}
    </fieldset>
  )
}
