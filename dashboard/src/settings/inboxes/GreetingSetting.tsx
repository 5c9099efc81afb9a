import { useId } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import { TextField } from '../../workspace/ui/TextField'
import { Checkbox } from './Checkbox'
import type { WidgetDraft } from './widget-draft'

export interface GreetingSettingProps {
  draft: WidgetDraft
  update(patch: Partial<WidgetDraft>): void
}

/** Chatwoot's greeting_enabled and greeting_message: the first message of a new conversation. */
export function GreetingSetting({ draft, update }: GreetingSettingProps) {
  const t = useStrings().inboxes
  const hintId = useId()
  return (
    <fieldset class="inbox-fieldset">
      <legend>
        <h3 class="fieldset-heading">{t.greetingHeading}</h3>
      </legend>
      <Checkbox
        label={t.greetingEnabled}
        checked={draft.greeting_enabled}
        describedBy={hintId}
        onChange={(greeting_enabled) => update({ greeting_enabled })}
      />
      <p class="form-hint" id={hintId}>
        {t.greetingHint}
      </p>
      {draft.greeting_enabled && (
        <TextField
          label={t.greetingMessage}
          multiline
          value={draft.greeting_message}
          onInput={(greeting_message) => update({ greeting_message })}
        />
      )}
    </fieldset>
  )
}
