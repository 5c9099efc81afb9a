import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import { useAccount } from '../../app/context'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { CodeBlock } from '../../workspace/ui/CodeBlock'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { PageHeader } from '../../workspace/ui/PageHeader'
import { TextField } from '../../workspace/ui/TextField'
import { useLoad } from '../../workspace/ui/useLoad'
import { inAccount } from '../shared/params'
import { SelectField } from '../shared/SelectField'
import { submit } from '../shared/submit'
import { useSubmission } from '../shared/useSubmission'
import { daysOf, localeOptions, minutesOf } from './locales'
import '../../styles/settings-pages.css'

interface AccountDraft {
  name: string
  locale: string
  days: string
}

/** Settings › Account: its name, language and auto-resolve delay, and its id for API clients. */
export default function AccountSettingsPage(_props: SettingsPageProps) {
  const t = useStrings().accountSettings
  const { api, accountId } = useAccount()
  const params = inAccount(accountId)
  const draft = useSignal<AccountDraft>({ name: '', locale: 'en', days: '' })
  const savedDays = useSignal('')
  const daysInvalid = useSignal(false)
  const submission = useSubmission<'saved'>()
  const loaded = useLoad(async () => {
    const account = await unwrap(api.GET('/api/v1/accounts/{account_id}', params))
    savedDays.value = daysOf(account.settings?.auto_resolve_after)
    draft.value = { name: account.name, locale: account.locale, days: savedDays.value }
    return account
  }, [accountId])
  const set = (patch: Partial<AccountDraft>) => {
    draft.value = { ...draft.value, ...patch }
  }

  const save = async () => {
    const { name, locale, days } = draft.value
    const minutes = minutesOf(days)
    daysInvalid.value = minutes === undefined
    if (minutes === undefined) return
    // Only a changed delay is sent: a stored one that is not whole days stays as it is.
    const resolve = days.trim() === savedDays.value ? {} : { auto_resolve_after: minutes }
    const body = { name, locale, ...resolve }
    const ok = await submission.run(
      () => submit(api.PATCH('/api/v1/accounts/{account_id}', { ...params, body })),
      'saved',
    )
    if (ok) savedDays.value = days.trim()
  }

  const account = loaded.data.value
  const { name, locale, days } = draft.value
  return (
    <div class="account-settings">
      <PageHeader title={t.title} description={t.description} />
      <FormStatus
        error={submission.error.value ?? loaded.error.value}
        success={submission.done.value ? t.saved : null}
      />
      {account === undefined ? (
        <p>{loaded.loading.value ? t.loading : ''}</p>
      ) : (
        <>
          <form
            class="crud-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              void save()
            }}
          >
            <TextField
              label={t.name}
              value={name}
              required
              error={submission.fieldError('name', t.name)}
              onInput={(value) => set({ name: value })}
            />
            <SelectField
              label={t.locale}
              value={locale}
              options={localeOptions(account.locale)}
              error={submission.fieldError('locale', t.locale)}
              onChange={(value) => set({ locale: value })}
            />
            <TextField
              label={t.autoResolve}
              value={days}
              hint={t.autoResolveHint}
              error={
                daysInvalid.value
                  ? t.autoResolveInvalid
                  : submission.fieldError('auto_resolve_after', t.autoResolve)
              }
              onInput={(value) => set({ days: value })}
            />
            <div class="form-actions">
              <button type="submit" class="button button-primary" disabled={submission.busy.value}>
                {t.save}
              </button>
            </div>
          </form>
          <CodeBlock label={t.accountId} code={String(account.id)} />
          <p class="form-hint">{format(t.accountIdHint, { id: account.id })}</p>
        </>
      )}
    </div>
  )
}
