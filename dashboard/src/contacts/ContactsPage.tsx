import { useSignal } from '@preact/signals'
import type { ContactsRoute } from '../workspace/pages'
import { ContactDetail } from './ContactDetail'
import { ContactList } from './ContactList'
import { type ContactQuery, FIRST_QUERY } from './types'
import '../styles/workspace.css'
import '../styles/contacts.css'

/**
 * The contacts page: the list, or one contact. The list's search, label, page and sort live
 * here, so opening a contact and coming back finds the list as it was.
 */
export default function ContactsPage({ route }: { route: ContactsRoute }) {
  const query = useSignal<ContactQuery>(FIRST_QUERY)
  if (route.contactId !== null) {
    return <ContactDetail key={route.contactId} contactId={route.contactId} />
  }
  return <ContactList query={query} />
}
