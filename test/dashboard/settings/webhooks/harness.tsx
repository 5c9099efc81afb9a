import { signal } from '@preact/signals'
import type { Webhook, WebhookDelivery } from '../../../../dashboard/src/api/schema'
import WebhooksPage from '../../../../dashboard/src/settings/webhooks/WebhooksPage'
import {
  ACCOUNT,
  accountServices,
  type Call,
  recordingApi,
  renderWith,
} from '../../workspace-harness'

export { ACCOUNT, settle } from '../../workspace-harness'
export const base = `/api/v1/accounts/${ACCOUNT}`
export const PAGE_PATH = `/app/accounts/${ACCOUNT}/settings/webhooks`

export const ALL_EVENTS = [
  'conversation_created',
  'conversation_status_changed',
  'conversation_updated',
  'message_created',
  'message_updated',
  'contact_created',
  'contact_updated',
  'webwidget_triggered',
]

export function webhook(id: number, fields: Partial<Webhook> = {}): Webhook {
  return {
    id,
    name: null,
    url: `https://hooks.example.com/${id}`,
    account_id: ACCOUNT,
    subscriptions: [...ALL_EVENTS],
    secret: `whsec_secret${id}`,
    ...fields,
  }
}

export function delivery(id: number, fields: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    webhook_id: 1,
    event: 'message_created',
    message_id: `msg_${id}_w1`,
    url: 'https://hooks.example.com/1',
    status: 'succeeded',
    attempts: 1,
    last_response_code: 200,
    last_error: null,
    next_attempt_at: null,
    delivered_at: 1_763_000_000 + id,
    created_at: 1_763_000_000 + id,
    updated_at: 1_763_000_000 + id,
    ...fields,
  }
}

/**
 * A small webhooks API in memory: the list, create, update, delete, rotate_secret, the delivery
 * log (25 a page), redeliver and test. `deliveryAnswers` lets a test script what the log says.
 */
export class FakeWebhooksServer {
  webhooks: Webhook[] = []
  deliveries = new Map<number, WebhookDelivery[]>()
  calls: Call[] = []
  private nextId = 100
  /** How often the log has been read since each test delivery was made. */
  private reads = new Map<number, number>()
  /** How a test delivery looks on each later read of the log (the last one sticks). */
  testProgress: Partial<WebhookDelivery>[] = [{ status: 'succeeded', attempts: 1 }]

  handle(call: Call): Response | undefined {
    const { method, path } = call
    if (path === `${base}/inboxes`) {
      return Response.json({ payload: [{ id: 3, name: 'Support' }] })
    }
    if (path === `${base}/webhooks` && method === 'GET') {
      return Response.json({ payload: { webhooks: this.webhooks } })
    }
    if (path === `${base}/webhooks` && method === 'POST') {
      if (call.body.subscriptions?.length === 0) {
        return Response.json(
          {
            error: 'validation_failed',
            message: 'Subscriptions must name at least one event',
            errors: [{ field: 'subscriptions', message: 'must name at least one event' }],
          },
          { status: 422 },
        )
      }
      const made = webhook(this.nextId++, {
        url: call.body.url,
        name: call.body.name,
        subscriptions: call.body.subscriptions,
        ...(call.body.inbox_id ? { inbox: { id: call.body.inbox_id, name: 'Support' } } : {}),
      })
      this.webhooks.push(made)
      return Response.json({ payload: { webhook: made } })
    }
    const one = path.match(/^\/api\/v1\/accounts\/1\/webhooks\/(\d+)(.*)$/)
    if (!one) return undefined
    const id = Number(one[1])
    const rest = one[2] ?? ''
    const found = this.webhooks.find((w) => w.id === id)
    if (!found) return undefined
    if (rest === '' && method === 'PATCH') {
      Object.assign(found, { url: call.body.url, name: call.body.name })
      found.subscriptions = call.body.subscriptions
      return Response.json({ payload: { webhook: found } })
    }
    if (rest === '' && method === 'DELETE') {
      this.webhooks = this.webhooks.filter((w) => w !== found)
      return Response.json({})
    }
    if (rest === '/rotate_secret') {
      found.secret = `whsec_rotated${this.nextId++}`
      return Response.json({ payload: { webhook: found } })
    }
    const log = this.deliveries.get(id) ?? []
    if (rest === '/deliveries') {
      const before = Number(call.query.get('before') ?? Number.POSITIVE_INFINITY)
      const page = log.filter((d) => d.id < before).slice(0, 25)
      const more = log.filter((d) => d.id < before).length > 25
      return Response.json({
        payload: page.map((d) => this.progressed(d)),
        meta: { next_before: more ? (page.at(-1)?.id ?? null) : null },
      })
    }
    const redeliver = rest.match(/^\/deliveries\/(\d+)\/redeliver$/)
    if (redeliver) {
      const target = log.find((d) => d.id === Number(redeliver[1]))
      if (!target) return undefined
      Object.assign(target, { status: 'pending', next_attempt_at: 1_763_100_000 })
      return Response.json({ payload: target })
    }
    if (rest === '/test' && method === 'POST') {
      const made = delivery(this.nextId++, {
        webhook_id: id,
        event: 'webhook_test',
        status: 'pending',
        attempts: 0,
        last_response_code: null,
        delivered_at: null,
      })
      this.reads.set(made.id, 0)
      this.deliveries.set(id, [made, ...log])
      return Response.json(
        {
          payload: made,
          event: { event: 'webhook_test', account: { id: 1 }, webhook: { id }, timestamp: '' },
        },
        { status: 202 },
      )
    }
    return undefined
  }

  /** A test delivery as it looks at this read of the log: it moves along `testProgress`. */
  private progressed(d: WebhookDelivery): WebhookDelivery {
    const read = this.reads.get(d.id)
    if (read === undefined) return d
    this.reads.set(d.id, read + 1)
    const step = this.testProgress[Math.min(read, this.testProgress.length - 1)] ?? {}
    return { ...d, ...step, ...(step.status === 'succeeded' ? { last_response_code: 200 } : {}) }
  }
}

/** The page inside the account's context, over `server`, with a navigate that really moves. */
export async function renderPage(server: FakeWebhooksServer, search = '') {
  history.replaceState(null, '', `${PAGE_PATH}${search}`)
  const { api } = recordingApi((call) => server.handle(call), server.calls)
  const navigations = signal(0)
  const navigated: string[] = []
  const value = accountServices(api, {
    navigate(path) {
      navigated.push(path)
      history.pushState(null, '', path)
      navigations.value++
    },
  })
  function Host() {
    // Re-drawn on every navigation, as the layout re-draws the page with the new route.
    void navigations.value
    return (
      <WebhooksPage
        route={{ name: 'settings', accountId: ACCOUNT, section: 'webhooks', id: null }}
      />
    )
  }
  const view = await renderWith(value, <Host />)
  return { view, navigated }
}
