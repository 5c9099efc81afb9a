import { useSignal } from '@preact/signals'
import type { Inbox } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { WidgetPreview } from './WidgetPreview'
import { WidgetSettingsForm } from './WidgetSettingsForm'
import { draftOf } from './widget-draft'

export interface WidgetSectionProps {
  inbox: Inbox
  onSaved(inbox: Inbox): void
}

/** The widget's settings beside a preview that follows the draft as it is typed. */
export function WidgetSection({ inbox, onSaved }: WidgetSectionProps) {
  const t = useStrings().inboxes
  const saved = useSignal(draftOf(inbox))
  const draft = useSignal(saved.value)
  return (
    <section class="inbox-section" aria-labelledby="widget-heading">
      <h2 id="widget-heading">{t.widgetHeading}</h2>
      <div class="widget-layout">
        <WidgetSettingsForm inboxId={inbox.id} draft={draft} saved={saved} onSaved={onSaved} />
        <WidgetPreview draft={draft.value} />
      </div>
    </section>
  )
}
