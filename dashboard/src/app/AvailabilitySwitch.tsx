import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { type ApiClient, unwrap } from '../api/client'
import type { Profile } from '../api/schema'
import type { Strings } from '../i18n'
import { useAccount } from './context'

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

/**
 * Online / busy / offline in this account (what the widget's "we are online" reflects), and
 * Chatwoot's auto_offline: offline a short while after the last dashboard closes. A choice made
 * in another tab shows here live (the feed's presence.update about oneself).
 */
export function AvailabilitySwitch({ api, accountId, me, strings }: AvailabilitySwitchProps) {
  const t = strings.shell
  const { feed } = useAccount()
  const membership = me.accounts.find((a) => a.id === accountId)
  const value = useSignal<Availability>(membership?.availability ?? 'online')
  const autoOffline = useSignal(membership?.auto_offline ?? true)
  const failed = useSignal(false)

  useEffect(
    () =>
      feed.subscribe((frame) => {
        if (frame.event !== 'presence.update') return
        const status = frame.data.users[String(me.id)]
        if (status) value.value = status
      }),
    [feed, me.id],
  )

  async function chooseAutoOffline(next: boolean) {
    autoOffline.value = next
    failed.value = false
    try {
      await unwrap(
        api.POST('/api/v1/profile/auto_offline', {
          body: { account_id: accountId, auto_offline: next },
        }),
      )
    } catch {
      autoOffline.value = !next
      failed.value = true
    }
  }

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
    <div class="availability-group">
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
      <label class="availability-auto">
        <input
          type="checkbox"
          checked={autoOffline.value}
          onChange={(e) => void chooseAutoOffline(e.currentTarget.checked)}
        />
        {t.availabilityAutoOffline}
      </label>
    </div>
  )
}
