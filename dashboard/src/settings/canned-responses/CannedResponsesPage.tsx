import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import type { CannedResponse } from '../../api/schema'
import { useAccount } from '../../app/context'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { TextField } from '../../workspace/ui/TextField'
import { CrudPage } from '../shared/CrudPage'
import { inAccount, itemOf } from '../shared/params'
import { submit } from '../shared/submit'
import { useCrud } from '../shared/useCrud'

interface CannedDraft {
  short_code: string
  content: string
}

/** Settings › Canned responses: the saved replies agents insert with "/" in the composer. */
export default function CannedResponsesPage(_props: SettingsPageProps) {
  const t = useStrings().canned
  const { api, accountId } = useAccount()
  const search = useSignal('')
  const all = inAccount(accountId)
  const one = (id: number) => itemOf(accountId, id)
  const query = search.value.trim()
  const crud = useCrud<CannedResponse, CannedDraft>({
    load: () =>
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/canned_responses', {
          params: { ...all.params, query: query ? { search: query } : {} },
        }),
      ),
    deps: [query],
    blank: () => ({ short_code: '', content: '' }),
    draftOf: ({ short_code, content }) => ({ short_code, content }),
    create: (body) =>
      submit(api.POST('/api/v1/accounts/{account_id}/canned_responses', { ...all, body })),
    update: (item, body) =>
      submit(
        api.PATCH('/api/v1/accounts/{account_id}/canned_responses/{id}', { ...one(item.id), body }),
      ),
    remove: (item) =>
      unwrap(api.DELETE('/api/v1/accounts/{account_id}/canned_responses/{id}', one(item.id))),
  })
  return (
    <CrudPage
      text={t}
      crud={crud}
      nameOf={(item) => item.short_code}
      emptyText={query ? format(t.noMatch, { search: query }) : t.empty}
      toolbar={
        <search>
          <TextField
            label={t.search}
            value={search.value}
            onInput={(text) => {
              search.value = text
            }}
          />
        </search>
      }
      columns={[
        { header: t.shortCode, cell: (item) => item.short_code },
        { header: t.content, cell: (item) => <span class="pre-line">{item.content}</span> },
      ]}
      form={({ draft, set, error }) => (
        <>
          <TextField
            label={t.shortCode}
            value={draft.short_code}
            required
            hint={t.shortCodeHint}
            error={error('short_code', t.shortCode)}
            onInput={(short_code) => set({ short_code })}
          />
          <TextField
            label={t.content}
            value={draft.content}
            multiline
            required
            error={error('content', t.content)}
            onInput={(content) => set({ content })}
          />
        </>
      )}
    />
  )
}
