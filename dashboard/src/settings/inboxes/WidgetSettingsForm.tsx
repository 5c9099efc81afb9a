import type { Signal } from '@preact/signals'
import { useId } from 'preact/hooks'
import { en as widgetEn } from '../../../../protocol/i18n/widget.en'
import { unwrap } from '../../api/client'
import type { Inbox } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { TextField } from '../../workspace/ui/TextField'
import { useSubmission } from '../shared/useSubmission'
import { BusinessHours } from './BusinessHours'
import { ColorField } from './ColorField'
import { EmailCollectSetting } from './EmailCollectSetting'
import { GreetingSetting } from './GreetingSetting'
import { PreChatFields } from './PreChatFields'
import { draftOf, REPLY_TIMES, type ReplyTime, updateBody, type WidgetDraft } from './widget-draft'

export interface WidgetSettingsFormProps {
  inboxId: number
  /** What is being edited: the preview beside the form reads it too. */
  draft: Signal<WidgetDraft>
  /** The last saved settings: only what differs from them is sent. */
  saved: Signal<WidgetDraft>
  onSaved(inbox: Inbox): void
}

/** The website inbox's widget settings, saved with one PATCH of what changed. */
export function WidgetSettingsForm({ inboxId, draft, saved, onSaved }: WidgetSettingsFormProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const replyTimeId = useId()
  const submission = useSubmission<'saved'>()
  const busy = submission.busy
  const d = draft.value
  const update = (patch: Partial<WidgetDraft>) => {
    draft.value = { ...draft.value, ...patch }
    submission.done.value = null
  }

  const submit = async (event: Event) => {
    event.preventDefault()
    await submission.run(async () => {
      const body = updateBody(saved.value, draft.value)
      if (Object.keys(body).length > 0) {
        const inbox = await unwrap(
          api.PATCH('/api/v1/accounts/{account_id}/inboxes/{id}', {
            params: { path: { account_id: accountId, id: inboxId } },
            body,
          }),
        )
        saved.value = draftOf(inbox)
        draft.value = saved.value
        onSaved(inbox)
      }
    }, 'saved')
  }

  return (
    <form class="inbox-form widget-form" onSubmit={submit} noValidate>
      <TextField label={t.name} value={d.name} required onInput={(name) => update({ name })} />
      <TextField
        label={t.websiteUrl}
        type="url"
        value={d.website_url}
        onInput={(website_url) => update({ website_url })}
      />
      <TextField
        label={t.welcomeTitle}
        value={d.welcome_title}
        placeholder={widgetEn.welcome.title}
        onInput={(welcome_title) => update({ welcome_title })}
      />
      <TextField
        label={t.welcomeTagline}
        value={d.welcome_tagline}
        placeholder={widgetEn.welcome.tagline}
        onInput={(welcome_tagline) => update({ welcome_tagline })}
      />
      <ColorField value={d.widget_color} onChange={(widget_color) => update({ widget_color })} />
      <div class="form-field">
        <label for={replyTimeId}>{t.replyTime}</label>
        <select
          id={replyTimeId}
          value={d.reply_time}
          onChange={(event) =>
            update({ reply_time: (event.currentTarget as HTMLSelectElement).value as ReplyTime })
          }
        >
          {REPLY_TIMES.map((time) => (
            <option key={time} value={time}>
              {widgetEn.replyTime[time]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t.allowedDomains}
        value={d.allowed_domains}
        hint={t.allowedDomainsHint}
        onInput={(allowed_domains) => update({ allowed_domains })}
      />
      <GreetingSetting draft={d} update={update} />
      <BusinessHours draft={d} update={update} />
      <EmailCollectSetting draft={d} update={update} />
      <PreChatFields draft={d} update={update} />
      <FormStatus error={submission.error.value} success={submission.done.value && t.saved} />
      <button type="submit" class="button button-primary" disabled={busy.value}>
        {busy.value ? t.saving : t.save}
      </button>
    </form>
  )
}
