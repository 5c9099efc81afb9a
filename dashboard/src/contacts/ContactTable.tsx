import { useAccount } from '../app/context'
import { contactsPath } from '../app/router'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { AppLink } from '../workspace/ui/AppLink'
import { SortHeader } from '../workspace/ui/SortHeader'
import { companyOf, dayOf, locationOfContact } from './contact-facts'
import type { Contact, ContactSort } from './types'

type SortKey = 'name' | 'email' | 'phone_number' | 'company' | 'created_at'

export interface ContactTableProps {
  contacts: Contact[]
  sort: ContactSort
  onSort(sort: ContactSort): void
}

/** A column header that sorts by its column: ascending first, descending on a second press. */
function ContactSortHeader(props: {
  label: string
  column: SortKey
  sort: ContactSort
  onSort(s: ContactSort): void
}) {
  const t = useStrings().contacts
  const { label, column, sort, onSort } = props
  const state = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : undefined
  return (
    <SortHeader
      label={label}
      state={state}
      title={format(t.sortBy, { column: label })}
      onSort={() => onSort(state === 'ascending' ? `-${column}` : column)}
    />
  )
}

/** One page of contacts; a name opens the contact. Location and company only when known. */
export function ContactTable({ contacts, sort, onSort }: ContactTableProps) {
  const t = useStrings().contacts
  const { accountId } = useAccount()
  const withLocation = contacts.some((c) => locationOfContact(c))
  const withCompany = contacts.some((c) => companyOf(c))
  const header = (label: string, column: SortKey) => (
    <ContactSortHeader label={label} column={column} sort={sort} onSort={onSort} />
  )
  return (
    // Focusable so a keyboard can scroll the table sideways on a narrow screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region needs keyboard access
    <section class="contacts-table-scroll" aria-label={t.contactsTable} tabIndex={0}>
      <table class="table contacts-table">
        <caption class="visually-hidden">{t.contactsTable}</caption>
        <thead>
          <tr>
            {header(t.name, 'name')}
            {header(t.email, 'email')}
            {header(t.phone, 'phone_number')}
            {withLocation && <th scope="col">{t.location}</th>}
            {withCompany && header(t.company, 'company')}
            {header(t.created, 'created_at')}
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact) => {
            const href = contactsPath(accountId, contact.id)
            return (
              <tr key={contact.id}>
                <th scope="row">
                  <AppLink href={href}>{contact.name || t.unnamed}</AppLink>
                </th>
                <td>{contact.email ?? ''}</td>
                <td>{contact.phone_number ?? ''}</td>
                {withLocation && <td>{locationOfContact(contact) ?? ''}</td>}
                {withCompany && <td>{companyOf(contact) ?? ''}</td>}
                <td>
                  {contact.created_at !== undefined && (
                    <time dateTime={new Date(contact.created_at * 1000).toISOString()}>
                      {dayOf(contact.created_at)}
                    </time>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
