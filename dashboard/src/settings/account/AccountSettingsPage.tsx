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
import { CheckboxField } from '../shared/CheckboxField'
import { inAccount } from '../shared/params'
import { SelectField } from '../shared/SelectField'
import { submit } from '../shared/submit'
import { useSubmission } from '../shared/useSubmission'
import { currencyOptions, DEFAULT_CURRENCY } from './currencies'
import { daysOf, localeOptions, minutesOf } from './locales'
import '../../styles/settings-pages.css'

interface AccountDraft {
  name: string
  locale: string
  days: string
  /** settings.auto_assign_on_reply: on unless the account turned it off. */
  assignOnReply: boolean
  /** settings.currency: funnel money is shown in it (USD until chosen). */
  currency: string
}

/**
 * Settings › Account: its name, language, auto-resolve delay, currency and reply assignment, and
 * its id for API clients.
 */
export default function AccountSettingsPage(_props: SettingsPageProps) {
  const t = useStrings().accountSettings
  const { api, accountId } = useAccount()
  const params = inAccount(accountId)
  const draft = useSignal<AccountDraft>({
    name: '',
    locale: 'en',
    days: '',
    assignOnReply: true,
    currency: DEFAULT_CURRENCY,
  })
  const savedAssign = useSignal(true)
  const savedCurrency = useSignal(DEFAULT_CURRENCY)
  const savedDays = useSignal('')
  const daysInvalid = useSignal(false)
  const submission = useSubmission<'saved'>()
  const loaded = useLoad(async () => {
    const account = await unwrap(api.GET('/api/v1/accounts/{account_id}', params))
    savedDays.value = daysOf(account.settings?.auto_resolve_after)
    savedAssign.value = account.settings?.auto_assign_on_reply !== false
    savedCurrency.value = (account.settings?.currency as string | undefined) || DEFAULT_CURRENCY
    draft.value = {
      name: account.name,
      locale: account.locale,
      days: savedDays.value,
      assignOnReply: savedAssign.value,
      currency: savedCurrency.value,
    }
    return account
  }, [accountId])
  const set = (patch: Partial<AccountDraft>) => {
    draft.value = { ...draft.value, ...patch }
  }

  const save = async () => {
    const { name, locale, days, assignOnReply, currency } = draft.value
    const minutes = minutesOf(days)
    daysInvalid.value = minutes === undefined
    if (minutes === undefined) return
    // Only a changed delay is sent: a stored one that is not whole days stays as it is.
    const resolve = days.trim() === savedDays.value ? {} : { auto_resolve_after: minutes }
    const assign =
      assignOnReply === savedAssign.value ? {} : { auto_assign_on_reply: assignOnReply }
    const money = currency === savedCurrency.value ? {} : { currency }
    const body = { name, locale, ...resolve, ...assign, ...money }
    const ok = await submission.run(
      () => submit(api.PATCH('/api/v1/accounts/{account_id}', { ...params, body })),
      'saved',
    )
    if (ok) {
      savedDays.value = days.trim()
      savedAssign.value = assignOnReply
      savedCurrency.value = currency
    }
  }

  const account = loaded.data.value
  const { name, locale, days, assignOnReply, currency } = draft.value
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
            <SelectField
              label={t.currency}
              value={currency}
              hint={t.currencyHint}
              options={currencyOptions()}
              error={submission.fieldError('currency', t.currency)}
              onChange={(value) => set({ currency: value })}
            />
            <CheckboxField
              label={t.assignOnReply}
              hint={t.assignOnReplyHint}
              checked={assignOnReply}
              onChange={(checked) => set({ assignOnReply: checked })}
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
