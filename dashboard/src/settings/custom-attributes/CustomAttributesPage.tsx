import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { TextField } from '../../workspace/ui/TextField'
import { CrudPage } from '../shared/CrudPage'
import { inAccount, itemOf } from '../shared/params'
import { SelectField } from '../shared/SelectField'
import { submit } from '../shared/submit'
import { useCrud } from '../shared/useCrud'
import {
  type AttributeDraft,
  blankAttribute,
  type Definition,
  type DisplayType,
  draftOfAttribute,
  keyFromName,
  MODELS,
  type Model,
  TYPES,
  valuesOf,
} from './attribute-draft'

/** Settings › Custom attributes: the extra fields kept on conversations and on contacts. */
export default function CustomAttributesPage(_props: SettingsPageProps) {
  const t = useStrings().attributes
  const { api, accountId } = useAccount()
  const model = useSignal<Model>('conversation_attribute')
  const all = inAccount(accountId)
  const one = (id: number) => itemOf(accountId, id)
  const body = (draft: AttributeDraft) => ({
    attribute_display_name: draft.name,
    attribute_key: draft.key,
    attribute_display_type: draft.type,
    attribute_description: draft.description.trim() || null,
    ...(draft.type === 'list' ? { attribute_values: valuesOf(draft.values) } : {}),
  })
  const crud = useCrud<Definition, AttributeDraft>({
    load: () =>
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/custom_attribute_definitions', {
          params: { ...all.params, query: { attribute_model: model.value } },
        }),
      ),
    deps: [model.value],
    blank: blankAttribute,
    draftOf: draftOfAttribute,
    create: (draft) =>
      submit(
        api.POST('/api/v1/accounts/{account_id}/custom_attribute_definitions', {
          ...all,
          body: { ...body(draft), attribute_model: model.value },
        }),
      ),
    update: (item, draft) =>
      submit(
        api.PATCH('/api/v1/accounts/{account_id}/custom_attribute_definitions/{id}', {
          ...one(item.id),
          body: body(draft),
        }),
      ),
    remove: (item) =>
      unwrap(
        api.DELETE('/api/v1/accounts/{account_id}/custom_attribute_definitions/{id}', one(item.id)),
      ),
  })
  return (
    <CrudPage
      text={t}
      crud={crud}
      nameOf={(item) => item.attribute_display_name}
      toolbar={
        <SelectField
          label={t.appliesTo}
          value={model.value}
          options={MODELS.map((value) => ({ value, label: t[value] }))}
          onChange={(value) => {
            crud.cancel()
            model.value = value as Model
          }}
        />
      }
      columns={[
        { header: t.displayName, cell: (item) => item.attribute_display_name },
        { header: t.key, cell: (item) => <code>{item.attribute_key}</code> },
        { header: t.type, cell: (item) => t.types[item.attribute_display_type] },
        { header: t.description_, cell: (item) => item.attribute_description ?? '' },
      ]}
      form={({ draft, set, error }) => (
        <>
          <TextField
            label={t.displayName}
            value={draft.name}
            required
            error={error('attribute_display_name', t.displayName)}
            onInput={(name) => set(draft.keyEdited ? { name } : { name, key: keyFromName(name) })}
          />
          <TextField
            label={t.key}
            value={draft.key}
            required
            hint={t.keyHint}
            error={error('attribute_key', t.key)}
            onInput={(key) => set({ key, keyEdited: true })}
          />
          <SelectField
            label={t.type}
            value={draft.type}
            options={TYPES.map((value) => ({ value, label: t.types[value] }))}
            error={error('attribute_display_type', t.type)}
            onChange={(type) => set({ type: type as DisplayType })}
          />
          {draft.type === 'list' && (
            <TextField
              label={t.values}
              value={draft.values}
              multiline
              hint={t.valuesHint}
              error={error('attribute_values', t.values)}
              onInput={(values) => set({ values })}
            />
          )}
          <TextField
            label={t.description_}
            value={draft.description}
            multiline
            error={error('attribute_description', t.description_)}
            onInput={(description) => set({ description })}
          />
        </>
      )}
    />
  )
}
