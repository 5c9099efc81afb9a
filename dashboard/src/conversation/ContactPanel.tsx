import { useSignal } from '@preact/signals'
import { Fragment } from 'preact'
import { useEffect } from 'preact/hooks'
import { safeUrl } from '../../../protocol/shared/safe-url'
import { unwrap } from '../api/client'
import type { Conversation, components } from '../api/schema'
import { useAccount } from '../app/context'
import { LazyView } from '../app/LazyView'
import { format } from '../i18n'
import { usePane } from './context'
import { attributeText, browserOf, locationOf, pageOf } from './visitor-info'

type Contact = components['schemas']['Contact']

/** The funnel panel is its own chunk: an inbox that never opens a conversation never fetches it. */
const loadFunnelPanel = () => import('./FunnelPanel').then((m) => ({ default: m.FunnelPanel }))

/**
 * Who the visitor is (name, email, phone, custom attributes), where they wrote from (page,
 * browser, location) and their other conversations. A <details>, so at narrow widths it folds
 * away below the messages.
 */
export function ContactPanel() {
  const { api, accountId, navigate, strings } = useAccount()
  const t = strings.conversation
  const { store } = usePane()
  const conversation = store.state.conversation.value
  const contactId = conversation?.meta.sender.id
  const contact = useSignal<Contact | null>(null)
  const previous = useSignal<Conversation[]>([])

  useEffect(() => {
    if (contactId === undefined) return
    const path = { path: { account_id: accountId, id: contactId } }
    unwrap(api.GET('/api/v1/accounts/{account_id}/contacts/{id}', { params: path }))
      .then((body) => {
        contact.value = body.payload
      })
      .catch(() => {})
    unwrap(
      api.GET('/api/v1/accounts/{account_id}/contacts/{contact_id}/conversations', {
        params: { path: { account_id: accountId, contact_id: contactId } },
      }),
    )
      .then((body) => {
        previous.value = body.payload as Conversation[]
      })
      .catch(() => {})
  }, [contactId, accountId, api])

  if (!conversation) return null
  const person = contact.value ?? conversation.meta.sender
  const attributes = conversation.additional_attributes ?? {}
  const page = pageOf(attributes)
  const pageHref = page ? safeUrl(page) : undefined
  const browser = browserOf(attributes)
  const location = locationOf(attributes, person.additional_attributes ?? {})
  const custom = Object.entries(person.custom_attributes ?? {})
  const others = previous.value.filter((c) => c.id !== conversation.id)

  return (
    <aside class="cv-contact" aria-label={t.contact}>
      <details open>
        <summary>{person.name || t.visitor}</summary>
        <dl class="cv-facts">
          <dt>{t.name}</dt>
          <dd>{person.name}</dd>
          {person.email && (
            <>
              <dt>{t.email}</dt>
              <dd>
                <a href={`mailto:${person.email}`}>{person.email}</a>
              </dd>
            </>
          )}
          {person.phone_number && (
            <>
              <dt>{t.phone}</dt>
              <dd>{person.phone_number}</dd>
            </>
          )}
          {custom.map(([key, value]) => (
            <Fragment key={key}>
              <dt>{key}</dt>
              <dd>{attributeText(value)}</dd>
            </Fragment>
          ))}
        </dl>
        <h3>{t.conversationInfo}</h3>
        <dl class="cv-facts">
          {page && (
            <>
              <dt>{t.page}</dt>
              <dd>
                {pageHref ? (
                  <a href={pageHref} target="_blank" rel="noopener noreferrer">
                    {page}
                  </a>
                ) : (
                  page
                )}
              </dd>
            </>
          )}
          {browser && (
            <>
              <dt>{t.browser}</dt>
              <dd>{browser}</dd>
            </>
          )}
          {location && (
            <>
              <dt>{t.location}</dt>
              <dd>{location}</dd>
            </>
          )}
        </dl>
        <LazyView
          viewKey="funnel-panel"
          load={loadFunnelPanel}
          props={{ displayId: conversation.id }}
          strings={strings}
        />
        <h3>{t.previous}</h3>
        {others.length === 0 ? (
          <p>{t.noPrevious}</p>
        ) : (
          <ul class="cv-previous">
            {others.map((item) => {
              const href = `/app/accounts/${accountId}/conversations/${item.id}`
              return (
                <li key={item.id}>
                  <a
                    href={href}
                    onClick={(event) => {
                      event.preventDefault()
                      navigate(href)
                    }}
                  >
                    {format(t.previousItem, { id: item.id, status: t.status[item.status] })}
                  </a>
                </li>
              )
            })}
          </ul>
        )}
      </details>
    </aside>
  )
}
