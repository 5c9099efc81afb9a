import { useId } from 'preact/hooks'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { BusinessHoursSwitch } from './BusinessHoursSwitch'
import { type GroupBy, offsetName, type RangePreset } from './periods'

/** What the reader chose: a preset (the last 7, 30 or 90 days) or two days of their own. */
export interface RangeChoice {
  kind: RangePreset | 'custom'
  /** The custom range's first and last days (YYYY-MM-DD), both included. */
  from: string
  to: string
}

export interface RangePickerProps {
  choice: RangeChoice
  groupBy: GroupBy
  offsetHours: number
  /** The custom days are the wrong way round. */
  invalid: boolean
  /** Times count only each inbox's working hours. */
  businessHours: boolean
  onChoice(choice: RangeChoice): void
  onGroupBy(groupBy: GroupBy): void
  onBusinessHours(on: boolean): void
}

const KINDS: RangeChoice['kind'][] = ['last7', 'last30', 'last90', 'custom']
const GROUPS: GroupBy[] = ['day', 'week', 'month']

const inputValue = (event: Event) => (event.currentTarget as HTMLInputElement).value

/**
 * The range, the grouping and the business-hours switch of the report; the custom days show only
 * for a custom range.
 */
export function RangePicker(props: RangePickerProps) {
  const t = useStrings().reports
  const { choice, groupBy, offsetHours, invalid } = props
  const id = useId()
  const errorId = `${id}-error`
  return (
    <fieldset class="report-options">
      <legend class="visually-hidden">{t.reportOptions}</legend>
      <div class="report-option">
        <label for={`${id}-range`}>{t.range}</label>
        <select
          id={`${id}-range`}
          value={choice.kind}
          onChange={(event) =>
            props.onChoice({ ...choice, kind: inputValue(event) as RangeChoice['kind'] })
          }
        >
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t[kind]}
            </option>
          ))}
        </select>
      </div>
      {choice.kind === 'custom' && (
        <>
          <div class="report-option">
            <label for={`${id}-from`}>{t.from}</label>
            <input
              id={`${id}-from`}
              type="date"
              value={choice.from}
              max={choice.to}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(event) => props.onChoice({ ...choice, from: inputValue(event) })}
            />
          </div>
          <div class="report-option">
            <label for={`${id}-to`}>{t.to}</label>
            <input
              id={`${id}-to`}
              type="date"
              value={choice.to}
              min={choice.from}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(event) => props.onChoice({ ...choice, to: inputValue(event) })}
            />
          </div>
        </>
      )}
      <div class="report-option">
        <label for={`${id}-group`}>{t.groupBy}</label>
        <select
          id={`${id}-group`}
          value={groupBy}
          onChange={(event) => props.onGroupBy(inputValue(event) as GroupBy)}
        >
          {GROUPS.map((group) => (
            <option key={group} value={group}>
              {t[group]}
            </option>
          ))}
        </select>
      </div>
      <BusinessHoursSwitch on={props.businessHours} onChange={props.onBusinessHours} />
      <p class="report-zone form-hint">{format(t.timeZone, { zone: offsetName(offsetHours) })}</p>
      {invalid && (
        <p class="form-error" id={errorId} role="alert">
          {t.badRange}
        </p>
      )}
    </fieldset>
  )
}
