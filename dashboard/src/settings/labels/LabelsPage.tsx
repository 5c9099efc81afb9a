import { unwrap } from '../../api/client'
import type { Label } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { TextField } from '../../workspace/ui/TextField'
import { CheckboxField } from '../shared/CheckboxField'
import { CrudPage } from '../shared/CrudPage'
import { describedBody, descriptionColumn, NameAndDescription } from '../shared/NameAndDescription'
import { inAccount, itemOf } from '../shared/params'
import { submit } from '../shared/submit'
import { useCrud } from '../shared/useCrud'

interface LabelDraft {
  title: string
  description: string
  color: string
  show_on_sidebar: boolean
}

const DEFAULT_COLOUR = '#1f93ff'

/** Settings › Labels: the account's labels, their colours and whether the sidebar lists them. */
export default function LabelsPage(_props: SettingsPageProps) {
  const { crud: crudText, labels: t } = useStrings()
  const { api, accountId } = useAccount()
  const all = inAccount(accountId)
  const one = (label: Label) => itemOf(accountId, label.id)
  const crud = useCrud<Label, LabelDraft>({
    load: async () => (await unwrap(api.GET('/api/v1/accounts/{account_id}/labels', all))).payload,
    blank: () => ({ title: '', description: '', color: DEFAULT_COLOUR, show_on_sidebar: true }),
    draftOf: (label) => ({ ...label, description: label.description ?? '' }),
    create: (draft) =>
      submit(
        api.POST('/api/v1/accounts/{account_id}/labels', { ...all, body: describedBody(draft) }),
      ),
    update: (label, draft) =>
      submit(
        api.PATCH('/api/v1/accounts/{account_id}/labels/{id}', {
          ...one(label),
          body: describedBody(draft),
        }),
      ),
    remove: (label) => unwrap(api.DELETE('/api/v1/accounts/{account_id}/labels/{id}', one(label))),
  })
  return (
    <CrudPage
      text={t}
      crud={crud}
      nameOf={(label) => label.title}
      columns={[
        {
          header: t.titleField,
          cell: (label) => (
            <>
              <span class="swatch" aria-hidden="true" style={{ backgroundColor: label.color }} />
              {label.title}
            </>
          ),
        },
        descriptionColumn<Label>(t.description_),
        {
          header: t.showOnSidebar,
          cell: (label) => (label.show_on_sidebar ? crudText.yes : crudText.no),
        },
      ]}
      form={(kit) => (
        <>
          <NameAndDescription
            kit={kit}
            field="title"
            label={t.titleField}
            hint={t.titleHint}
            descriptionLabel={t.description_}
          />
          <TextField
            label={t.colour}
            type="color"
            value={kit.draft.color}
            error={kit.error('color', t.colour)}
            onInput={(color) => kit.set({ color })}
          />
          <CheckboxField
            label={t.showOnSidebar}
            checked={kit.draft.show_on_sidebar}
            onChange={(show_on_sidebar) => kit.set({ show_on_sidebar })}
          />
        </>
      )}
    />
  )
}
