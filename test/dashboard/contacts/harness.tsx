import { fireEvent, screen } from '@testing-library/preact'
import type { AccountServices } from '../../../dashboard/src/app/context'
import ContactsPage from '../../../dashboard/src/contacts/ContactsPage'
import type { Contact } from '../../../dashboard/src/contacts/types'
import { fakeApi } from '../fake-api'
import { ACCOUNT, accountServices, renderWith } from '../workspace-harness'

export { ACCOUNT, renderWith, settle } from '../workspace-harness'

type Handler = Parameters<typeof fakeApi>[0]

/** A contact as the API lists it, with what the tests vary. */
export function contact(id: number, fields: Partial<Contact> = {}): Contact {
  return {
    id,
    name: `Contact ${id}`,
    email: `contact${id}@example.com`,
    phone_number: null,
    identifier: null,
    blocked: false,
    thumbnail: '',
    availability_status: 'offline',
    additional_attributes: {},
    custom_attributes: {},
    created_at: 1_763_000_000 + id,
    ...fields,
  }
}

/** The account's services around a fake API answering with `handler`. */
export function services(handler: Handler, overrides: Partial<AccountServices> = {}) {
  const { api, requests } = fakeApi(handler)
  return { services: accountServices(api, overrides), requests }
}

/** The contacts page (list, or one contact when `contactId` is given). */
export function renderPage(value: AccountServices, contactId: number | null = null) {
  return renderWith(
    value,
    <ContactsPage route={{ name: 'contacts', accountId: ACCOUNT, contactId }} />,
  )
}

export const labelsAnswer = (...titles: string[]) =>
  Response.json({
    payload: titles.map((title, index) => ({
      id: index + 1,
      title,
      description: null,
      color: '#1f93ff',
      show_on_sidebar: true,
    })),
  })

/** A contacts import as the API answers it, with what the tests vary. */
export const importJob = (fields: Record<string, unknown>) => ({
  id: 3,
  status: 'processing',
  total_records: 0,
  processed_records: 0,
  failed_records: 0,
  error: null,
  created_at: '2026-11-24T04:00:00.000Z',
  completed_at: null,
  ...fields,
})

/** Puts a small CSV in the import's file field. */
export function chooseFile(name = 'people.csv') {
  const input = screen.getByLabelText('CSV file') as HTMLInputElement
  const file = new File(['name,email\nAna,ana@example.com\n'], name, { type: 'text/csv' })
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  fireEvent.change(input)
}

/** Chooses a CSV and presses Import. */
export function startImport(name?: string) {
  chooseFile(name)
  fireEvent.click(screen.getByRole('button', { name: 'Import' }))
}
