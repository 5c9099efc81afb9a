import { Fragment } from 'preact'
import { useStrings } from '../i18n/context'
import { companyOf, dayOf, locationOfContact, valueText } from './contact-facts'
import { claimsOf } from './duplicates-api'
import type { Contact } from './types'

/** Attributes shown above, so "Other attributes" does not repeat them. */
const SHOWN = new Set([
  'company_name',
  'company',
  'city',
  'country',
  'country_code',
  'location',
  'unverified_claims',
])

function Facts({ entries }: { entries: [string, string][] }) {
  return (
    <dl class="contact-facts">
      {entries.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

/** The contact's details, custom attributes and other attributes, each a description list. */
export function ContactFacts({ contact }: { contact: Contact }) {
  const t = useStrings().contacts
  // What the visitor said without proving it stands beside what is known, marked as such.
  const claims = claimsOf(contact)
  const details: [string, string | null | undefined][] = [
    [t.email, contact.email],
    [t.unverifiedEmail, claims.email],
    [t.phone, contact.phone_number],
    [t.unverifiedPhone, claims.phone_number],
    [t.identifier, contact.identifier],
    [t.unverifiedIdentifier, claims.identifier],
    [t.location, locationOfContact(contact)],
    [t.company, companyOf(contact)],
    [t.created, contact.created_at === undefined ? null : dayOf(contact.created_at)],
    [t.lastActivity, contact.last_activity_at ? dayOf(contact.last_activity_at) : null],
    [t.blocked, contact.blocked ? t.yes : null],
  ]
  const known = details.filter((entry): entry is [string, string] => Boolean(entry[1]))
  const custom = Object.entries(contact.custom_attributes ?? {}).map(
    ([key, value]): [string, string] => [key, valueText(value)],
  )
  const other = Object.entries(contact.additional_attributes ?? {})
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]): [string, string] => [key, valueText(value)])
  return (
    <>
      <section aria-labelledby="contact-details">
        <h2 id="contact-details">{t.details}</h2>
        <Facts entries={known} />
      </section>
      {custom.length > 0 && (
        <section aria-labelledby="contact-custom">
          <h2 id="contact-custom">{t.customAttributes}</h2>
          <Facts entries={custom} />
        </section>
      )}
      {other.length > 0 && (
        <section aria-labelledby="contact-other">
          <h2 id="contact-other">{t.otherAttributes}</h2>
          <Facts entries={other} />
        </section>
      )}
    </>
  )
}
