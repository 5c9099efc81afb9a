import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { TextField } from '../../workspace/ui/TextField'
import { Checkbox } from './Checkbox'
import { TimezoneSelect } from './TimezoneSelect'
import { hourAndMinutes, timeOf, type WidgetDraft, type WorkingHour } from './widget-draft'

export interface BusinessHoursProps {
  draft: WidgetDraft
  update(patch: Partial<WidgetDraft>): void
}

/** One entry per day of the week, whatever the inbox had stored. */
function weekOf(hours: WorkingHour[]): WorkingHour[] {
  return [0, 1, 2, 3, 4, 5, 6].map(
    (day) =>
      hours.find((h) => h.day_of_week === day) ?? {
        day_of_week: day,
        closed_all_day: true,
        open_all_day: false,
      },
  )
}

/**
 * Chatwoot's business hours: on/off, the time zone, each day's hours and the out-of-office
 * message. Out of hours the widget says when the team is back, and a visitor who writes gets the
 * message once per conversation.
 */
export function BusinessHours({ draft, update }: BusinessHoursProps) {
  const t = useStrings().inboxes
  const week = weekOf(draft.working_hours)
  const setDay = (day: number, patch: Partial<WorkingHour>) =>
    update({
      working_hours: week.map((h) => (h.day_of_week === day ? { ...h, ...patch } : h)),
    })
  return (
    <fieldset class="inbox-fieldset">
      <legend>
        <h3 class="fieldset-heading">{t.hoursHeading}</h3>
      </legend>
      <p class="form-hint">{t.hoursIntro}</p>
      <Checkbox
        label={t.hoursEnabled}
        checked={draft.working_hours_enabled}
        onChange={(checked) => update({ working_hours_enabled: checked })}
      />
      <TimezoneSelect value={draft.timezone} onChange={(timezone) => update({ timezone })} />
      <div class="table-scroll">
        <table class="table hours-table">
          <caption class="visually-hidden">{t.hoursHeading}</caption>
          <thead>
            <tr>
              <th scope="col">{t.day}</th>
              <th scope="col">{t.closed}</th>
              <th scope="col">{t.opens}</th>
              <th scope="col">{t.closes}</th>
            </tr>
          </thead>
          <tbody>
            {week.map((hours) => {
              const day = t.days[hours.day_of_week] ?? String(hours.day_of_week)
              const closed = hours.closed_all_day
              return (
                <tr key={hours.day_of_week}>
                  <th scope="row">{day}</th>
                  <td>
                    <Checkbox
                      label={format(t.closedOn, { day })}
                      hiddenLabel
                      checked={closed}
                      onChange={(checked) =>
                        setDay(hours.day_of_week, {
                          closed_all_day: checked,
                          ...(checked
                            ? {}
                            : {
                                open_hour: hours.open_hour ?? 9,
                                open_minutes: hours.open_minutes ?? 0,
                                close_hour: hours.close_hour ?? 17,
                                close_minutes: hours.close_minutes ?? 0,
                              }),
                        })
                      }
                    />
                  </td>
                  <td>
                    <input
                      type="time"
                      aria-label={format(t.opensOn, { day })}
                      disabled={closed}
                      value={timeOf(hours.open_hour, hours.open_minutes)}
                      onChange={(event) => {
                        const [hour, minutes] = hourAndMinutes(event.currentTarget.value)
                        setDay(hours.day_of_week, { open_hour: hour, open_minutes: minutes })
                      }}
                    />
                  </td>
                  <td>
                    <input
                      type="time"
                      aria-label={format(t.closesOn, { day })}
                      disabled={closed}
                      value={timeOf(hours.close_hour, hours.close_minutes)}
                      onChange={(event) => {
                        const [hour, minutes] = hourAndMinutes(event.currentTarget.value)
                        setDay(hours.day_of_week, { close_hour: hour, close_minutes: minutes })
                      }}
                    />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <TextField
        label={t.outOfOffice}
        hint={t.outOfOfficeHint}
        multiline
        value={draft.out_of_office_message}
        onInput={(value) => update({ out_of_office_message: value })}
      />
    </fieldset>
  )
}
