import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { unwrap } from '../../api/client'
import type { Inbox, InboxInput } from '../../api/schema'
import { useAccount } from '../../app/context'
import { settingsPath } from '../../app/router'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { AppLink } from '../../workspace/ui/AppLink'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { PageHeader } from '../../workspace/ui/PageHeader'
import { TextField } from '../../workspace/ui/TextField'
import { useSubmission } from '../shared/useSubmission'
import { ChannelInstructions } from './ChannelInstructions'
import { ChannelOption, type Kind } from './ChannelOption'
import { goToSettingsLabel } from './EmbedSnippets'
import { PhoneInboxFields, phoneChannel } from './PhoneInboxFields'
import { WebhookUrlField } from './WebhookUrlField'
import '../../styles/inbox-settings.css'

/**
 * Adds a website, API, email or phone (Twilio) inbox (Chatwoot's POST /inboxes body), then shows on the same page
 * what to do with it: the embed snippets for a website, the identifier and public API for an app,
 * the forwarding address and Email Routing steps for an email inbox, the two webhook URLs for
 * Twilio for a phone inbox.
 */
export default function NewInboxPage(_props: SettingsPageProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const kind = useSignal<Kind>('web_widget')
  const name = useSignal('')
  const websiteUrl = useSignal('')
  const webhookUrl = useSignal('')
  const email = useSignal('')
  const phone = {
    accountSid: useSignal(''),
    authToken: useSignal(''),
    phoneNumber: useSignal(''),
    messagingServiceSid: useSignal(''),
    medium: useSignal<'sms' | 'whatsapp'>('sms'),
  }
  const submission = useSubmission<'created'>()
  const busy = submission.busy
  const created = useSignal<Inbox | null>(null)
  const next = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (created.value) next.current?.focus()
  }, [created.value])

  const submit = async (event: Event) => {
    event.preventDefault()
    const channel: InboxInput['channel'] =
      kind.value === 'web_widget'
        ? { type: 'web_widget', website_url: websiteUrl.value.trim() }
        : kind.value === 'email'
          ? { type: 'email', email: email.value.trim() }
          : kind.value === 'phone'
            ? phoneChannel(phone)
            : {
                type: 'api',
                ...(webhookUrl.value.trim() ? { webhook_url: webhookUrl.value.trim() } : {}),
              }
    await submission.run(async () => {
      created.value = await unwrap(
        api.POST('/api/v1/accounts/{account_id}/inboxes', {
          params: { path: { account_id: accountId } },
          body: { name: name.value.trim(), channel } as InboxInput,
        }),
      )
    }, 'created')
  }

  const inbox = created.value
  return (
    <section class="workspace-page new-inbox-page">
      <PageHeader title={t.newTitle} description={t.newDescription} />
      {inbox ? (
        <div class="inbox-created" ref={next} tabIndex={-1}>
          <p role="status">{format(t.created, { name: inbox.name })}</p>
          <ChannelInstructions inbox={inbox} />
          <p>
            <AppLink
              class="button button-primary"
              href={settingsPath(accountId, 'inbox', inbox.id)}
            >
              {goToSettingsLabel(inbox.name, t)}
            </AppLink>
          </p>
        </div>
      ) : (
        <form class="inbox-form" onSubmit={submit} noValidate>
          <fieldset class="channel-choice">
            <legend>{t.channelChoice}</legend>
            <ChannelOption
              value="web_widget"
              checked={kind.value === 'web_widget'}
              label={t.websiteChoice}
              hint={t.websiteChoiceHint}
              onChoose={() => {
                kind.value = 'web_widget'
              }}
            />
            <ChannelOption
              value="api"
              checked={kind.value === 'api'}
              label={t.apiChoice}
              hint={t.apiChoiceHint}
              onChoose={() => {
                kind.value = 'api'
              }}
            />
            <ChannelOption
              value="email"
              checked={kind.value === 'email'}
              label={t.emailChoice}
              hint={t.emailChoiceHint}
              onChoose={() => {
                kind.value = 'email'
              }}
            />
            <ChannelOption
              value="phone"
              checked={kind.value === 'phone'}
              label={t.phoneChoice}
              hint={t.phoneChoiceHint}
              onChoose={() => {
                kind.value = 'phone'
              }}
            />
          </fieldset>
          <TextField
            label={t.name}
            value={name.value}
            required
            error={submission.fieldError('name', t.name)}
            onInput={(value) => {
              name.value = value
            }}
          />
          {kind.value === 'web_widget' ? (
            <TextField
              label={t.websiteUrl}
              type="url"
              value={websiteUrl.value}
              required
              hint={t.websiteUrlHint}
              placeholder="https://"
              error={submission.fieldError('channel.website_url', t.websiteUrl)}
              onInput={(value) => {
                websiteUrl.value = value
              }}
            />
          ) : kind.value === 'email' ? (
            <TextField
              label={t.supportEmail}
              type="email"
              value={email.value}
              required
              hint={t.supportEmailHint}
              placeholder="support@example.com"
              error={submission.fieldError('channel.email', t.supportEmail)}
              onInput={(value) => {
                email.value = value
              }}
            />
          ) : kind.value === 'phone' ? (
            <PhoneInboxFields fields={phone} fieldError={submission.fieldError} />
          ) : (
            <WebhookUrlField url={webhookUrl} />
          )}
          <FormStatus error={submission.error.value} />
          <button type="submit" class="button button-primary" disabled={busy.value}>
            {busy.value ? t.creating : t.create}
          </button>
        </form>
      )}
    </section>
  )
}
