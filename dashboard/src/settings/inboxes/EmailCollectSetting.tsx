import { useId } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import { Checkbox } from './Checkbox'
import type { WidgetDraft } from './widget-draft'

export interface EmailCollectSettingProps {
  draft: WidgetDraft
  update(patch: Partial<WidgetDraft>): void
}

/** Chatwoot's enable_email_collect: a visitor without an email is asked for one in the chat. */
export function EmailCollectSetting({ draft, update }: EmailCollectSettingProps) {
  const t = useStrings().inboxes
  const hintId = useId()
  return (
    <fieldset class="inbox-fieldset">
      <legend>
        <h3 class="fieldset-heading">{t.emailCollectHeading}</h3>
      </legend>
      <Checkbox
        label={t.emailCollectEnabled}
        checked={draft.enable_email_collect}
        describedBy={hintId}
        onChange={(enable_email_collect) => update({ enable_email_collect })}
      />
      <p class="form-hint" id={hintId}>
        {t.emailCollectHint}
      </p>
    </fieldset>
  )
}
