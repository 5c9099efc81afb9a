import { useId } from 'preact/hooks'
import { useStrings } from '../i18n/context'

export interface BusinessHoursSwitchProps {
  on: boolean
  onChange(on: boolean): void
}

/** "Business hours only", as Chatwoot's reports: the times count only inboxes' working hours. */
export function BusinessHoursSwitch({ on, onChange }: BusinessHoursSwitchProps) {
  const t = useStrings().reports
  const hintId = useId()
  return (
    <>
      <div class="report-option report-hours">
        <label class="check">
          <input
            type="checkbox"
            role="switch"
            checked={on}
            aria-checked={on}
            aria-describedby={hintId}
            onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked)}
          />
          <span>{t.businessHours}</span>
        </label>
      </div>
      <p class="report-hint form-hint" id={hintId}>
        {t.businessHoursHint}
      </p>
    </>
  )
}
