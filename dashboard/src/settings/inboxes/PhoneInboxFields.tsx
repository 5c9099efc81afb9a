import type { Signal } from '@preact/signals'
import { useStrings } from '../../i18n/context'
import { TextField } from '../../workspace/ui/TextField'

export type PhoneFields = {
  accountSid: Signal<string>
  authToken: Signal<string>
  phoneNumber: Signal<string>
  messagingServiceSid: Signal<string>
  medium: Signal<'sms' | 'whatsapp'>
}

/** The channel body of a phone inbox: the number, or the Messaging Service when one is given. */
export function phoneChannel(fields: PhoneFields) {
  const service = fields.messagingServiceSid.value.trim()
  return {
    type: 'phone' as const,
    medium: fields.medium.value,
    account_sid: fields.accountSid.value.trim(),
    auth_token: fields.authToken.value.trim(),
    ...(service
      ? { messaging_service_sid: service }
      : { phone_number: fields.phoneNumber.value.trim() }),
  }
}

/** A Twilio phone inbox's credentials, sender and medium, on the new-inbox form. */
export function PhoneInboxFields({
  fields,
  fieldError,
}: {
  fields: PhoneFields
  fieldError(name: string, label: string): string | null
}) {
  const t = useStrings().inboxes
  const text = (
    key: 'accountSid' | 'authToken' | 'phoneNumber' | 'messagingServiceSid',
    field: string,
    hint: string,
    extra: { type?: 'password'; required?: boolean; placeholder?: string } = {},
  ) => (
    <TextField
      label={t[key]}
      value={fields[key].value}
      hint={hint}
      error={fieldError(`channel.${field}`, t[key])}
      onInput={(value) => {
        fields[key].value = value
      }}
      {...extra}
    />
  )
  return (
    <>
      <fieldset class="channel-choice">
        <legend>{t.medium}</legend>
        {(['sms', 'whatsapp'] as const).map((medium) => (
          <div class="channel-option" key={medium}>
            <input
              type="radio"
              id={`medium-${medium}`}
              name="medium"
              value={medium}
              checked={fields.medium.value === medium}
              onChange={() => {
                fields.medium.value = medium
              }}
            />
            <label for={`medium-${medium}`}>
              {medium === 'sms' ? t.mediumSms : t.mediumWhatsapp}
            </label>
          </div>
        ))}
      </fieldset>
      {text('accountSid', 'account_sid', t.accountSidHint, {
        required: true,
        placeholder: 'AC…',
      })}
      {text('authToken', 'auth_token', t.authTokenHint, { type: 'password', required: true })}
      {text('phoneNumber', 'phone_number', t.phoneNumberHint, { placeholder: '+15550001111' })}
      {text('messagingServiceSid', 'messaging_service_sid', t.messagingServiceSidHint, {
        placeholder: 'MG…',
      })}
    </>
  )
}
