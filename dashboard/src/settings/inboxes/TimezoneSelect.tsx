import { useId, useMemo } from 'preact/hooks'
import { useStrings } from '../../i18n/context'

export interface TimezoneSelectProps {
  value: string
  onChange(value: string): void
}

/** The IANA time zones the browser knows, and the stored one even if it does not. */
function timezones(current: string): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }
  const known = intl.supportedValuesOf?.('timeZone') ?? []
  const all = new Set(['UTC', ...known])
  all.add(current)
  return [...all]
}

export function TimezoneSelect({ value, onChange }: TimezoneSelectProps) {
  const t = useStrings().inboxes
  const id = useId()
  const options = useMemo(() => timezones(value), [value])
  return (
    <div class="form-field">
      <label for={id}>{t.timezone}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}
      >
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
    </div>
  )
}
