import { format, type InboxesStrings } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { TextField } from '../../workspace/ui/TextField'
import { Checkbox } from './Checkbox'
import { type PreChatField, STANDARD_FIELDS, type WidgetDraft } from './widget-draft'

export interface PreChatFieldsProps {
  draft: WidgetDraft
  update(patch: Partial<WidgetDraft>): void
}

/** The label the form shows for one of Chatwoot's standard fields. */
export const fieldLabel = (field: PreChatField, t: InboxesStrings) =>
  t.standardFields[field.name] ?? field.label ?? field.name

/**
 * The pre-chat form: on/off, its message, and which of name, email and phone it asks for (and
 * requires). Other fields an inbox may have (made through the API) are kept as they are.
 */
export function PreChatFields({ draft, update }: PreChatFieldsProps) {
  const t = useStrings().inboxes
  const setField = (name: string, patch: Partial<PreChatField>) =>
    update({
      pre_chat_fields: draft.pre_chat_fields.map((f) => (f.name === name ? { ...f, ...patch } : f)),
    })
  const standard = STANDARD_FIELDS.map((s) => draft.pre_chat_fields.find((f) => f.name === s.name))
  return (
    <fieldset class="inbox-fieldset">
      <legend>
        <h3 class="fieldset-heading">{t.prechatHeading}</h3>
      </legend>
      <Checkbox
        label={t.prechatEnabled}
        checked={draft.pre_chat_form_enabled}
        onChange={(checked) => update({ pre_chat_form_enabled: checked })}
      />
      <TextField
        label={t.prechatMessage}
        multiline
        value={draft.pre_chat_message}
        onInput={(value) => update({ pre_chat_message: value })}
      />
      <table class="table prechat-table">
        <caption class="visually-hidden">{t.prechatHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{t.prechatField}</th>
            <th scope="col">{t.prechatAsk}</th>
            <th scope="col">{t.prechatRequired}</th>
          </tr>
        </thead>
        <tbody>
          {standard.map((field) => {
            if (!field) return null
            const label = fieldLabel(field, t)
            return (
              <tr key={field.name}>
                <th scope="row">{label}</th>
                <td>
                  <Checkbox
                    label={format(t.askFor, { field: label })}
                    hiddenLabel
                    checked={field.enabled !== false}
                    onChange={(enabled) => setField(field.name, { enabled })}
                  />
                </td>
                <td>
                  <Checkbox
                    label={format(t.requireField, { field: label })}
                    hiddenLabel
                    checked={field.required === true}
                    disabled={field.enabled === false}
                    onChange={(required) => setField(field.name, { required })}
                  />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </fieldset>
  )
}
