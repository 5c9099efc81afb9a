import type { Signal } from '@preact/signals'
import { useStrings } from '../../i18n/context'
import { TextField } from '../../workspace/ui/TextField'

export interface WebhookUrlFieldProps {
  /** The URL being typed: the field reads and writes it. */
  url: Signal<string>
}

/** An API inbox's webhook URL (optional): where the inbox's events are posted. */
export function WebhookUrlField({ url }: WebhookUrlFieldProps) {
  const t = useStrings().inboxes
  return (
    <TextField
      label={t.webhookUrl}
      type="url"
      value={url.value}
      hint={t.webhookUrlHint}
      onInput={(value) => {
        url.value = value
      }}
    />
  )
}
