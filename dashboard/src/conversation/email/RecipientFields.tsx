import type { Signal } from '@preact/signals'
import { useId } from 'preact/hooks'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { parseAddressList } from './recipients'

export interface RecipientFieldsProps {
  cc: Signal<string>
  bcc: Signal<string>
  /** Set once the agent tried to send: invalid addresses are then reported. */
  checked: boolean
}

/** Whether both fields hold only well-formed addresses. */
export const recipientsValid = (cc: string, bcc: string) =>
  parseAddressList(cc).invalid.length === 0 && parseAddressList(bcc).invalid.length === 0

function AddressField({
  label,
  value,
  checked,
}: {
  label: string
  value: Signal<string>
  checked: boolean
}) {
  const t = useStrings().conversation
  const id = useId()
  const invalid = checked ? parseAddressList(value.value).invalid : []
  return (
    <div class="cv-recipient">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="email"
        autoComplete="off"
        value={value.value}
        aria-describedby={`${id}-hint${invalid.length ? ` ${id}-error` : ''}`}
        aria-invalid={invalid.length > 0}
        onInput={(event) => {
          value.value = event.currentTarget.value
        }}
      />
      <span id={`${id}-hint`} class="visually-hidden">
        {t.recipientsHint}
      </span>
      {invalid.length > 0 && (
        <span id={`${id}-error`} class="cv-error" role="alert">
          {format(t.invalidAddresses, { list: invalid.join(', ') })}
        </span>
      )}
    </div>
  )
}

/** Cc and Bcc of a reply on an email conversation: comma-separated addresses. */
export function RecipientFields({ cc, bcc, checked }: RecipientFieldsProps) {
  const t = useStrings().conversation
  return (
    <div class="cv-recipients">
      <AddressField label={t.cc} value={cc} checked={checked} />
      <AddressField label={t.bcc} value={bcc} checked={checked} />
    </div>
  )
}
