import { useSignal } from '@preact/signals'
import { type ApiClient, unwrap } from '../api/client'
import type { Profile } from '../api/schema'
import type { Strings } from '../i18n'

type Availability = 'online' | 'busy' | 'offline'
const CHOICES: Availability[] = ['online', 'busy', 'offline']
const LABEL = {
  online: 'availabilityOnline',
  busy: 'availabilityBusy',
  offline: 'availabilityOffline',
} as const

export interface AvailabilitySwitchProps {
  api: ApiClient
  accountId: number
  me: Profile
  strings: Strings
}

/** Online / busy / offline in this account (what the widget's "we are online" reflects). */
export function AvailabilitySwitch({ api, accountId, me, strings }: AvailabilitySwitchProps) {
  const t = strings.shell
  const initial = me.accounts.find((a) => a.id === accountId)?.availability ?? 'online'
  const value = useSignal<Availability>(initial)
  const failed = useSignal(false)

  async function choose(next: Availability) {
    const before = value.value
    value.value = next
    failed.value = false
    try {
      await unwrap(
        api.POST('/api/v1/profile/availability', {
          body: { account_id: accountId, availability: next },
        }),
      )
    } catch {
      value.value = before
      failed.value = true
    }
  }

  return (
    <label class="field availability">
      <span class="visually-hidden">{t.availability}</span>
      <span class={`presence presence-${value.value}`} aria-hidden="true" />
      <select
        value={value.value}
        aria-invalid={failed.value}
        aria-describedby={failed.value ? 'availability-error' : undefined}
        onChange={(e) => void choose(e.currentTarget.value as Availability)}
      >
        {CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t[LABEL[choice]]}
          </option>
        ))}
      </select>
      {failed.value && (
        <span id="availability-error" role="alert" class="field-error">
          {t.availabilitySaveFailed}
        </span>
      )}
    </label>
  )
}
