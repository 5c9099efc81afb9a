import { useSignal } from '@preact/signals'
import { useId } from 'preact/hooks'
import { useAccount } from '../app/context'
import { setStatus } from './actions'
import { usePane } from './context'
import { customSnoozeUntil, type SnoozeOption, snoozeUntil } from './snooze'

const OPTIONS: SnoozeOption[] = ['nextReply', 'hour', 'tomorrow', 'nextWeek']

/** Until the next reply, 1 hour, tomorrow 9:00, next Monday 9:00, or a chosen time. */
export function SnoozeMenu({ close }: { close(): void }) {
  const t = useAccount().strings.conversation
  const { store } = usePane()
  const custom = useSignal('')
  const id = useId()
  const now = () => new Date(store.state.deps.now?.() ?? Date.now())
  const snooze = (until: number | null) => {
    close()
    void setStatus(store, 'snoozed', until)
  }
  const customUntil = custom.value ? customSnoozeUntil(custom.value, now()) : null
  return (
    <div class="cv-menu">
      {OPTIONS.map((option) => (
        <button key={option} type="button" onClick={() => snooze(snoozeUntil(option, now()))}>
          {t.snoozeOptions[option]}
        </button>
      ))}
      <form
        class="cv-snooze-custom"
        onSubmit={(event) => {
          event.preventDefault()
          if (customUntil !== null) snooze(customUntil)
        }}
      >
        <label for={id}>{t.snoozeAt}</label>
        <input
          id={id}
          type="datetime-local"
          value={custom.value}
          onInput={(event) => {
            custom.value = event.currentTarget.value
          }}
        />
        <button type="submit" disabled={customUntil === null}>
          {t.snoozeConfirm}
        </button>
      </form>
    </div>
  )
}
