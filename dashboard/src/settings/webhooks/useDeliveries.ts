import { type Signal, useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { unwrap } from '../../api/client'
import type { WebhookDelivery } from '../../api/schema'
import { useAccount } from '../../app/context'
import { messageOf } from '../../workspace/ui/useLoad'

/** How often, and how many times, a test delivery is looked at until it is no longer pending. */
export const WATCH_INTERVAL_MS = 1000
export const WATCH_TRIES = 10

export interface Deliveries {
  rows: Signal<WebhookDelivery[] | undefined>
  /** The cursor of the next older page, or null when there is none. */
  nextBefore: Signal<number | null>
  loading: Signal<boolean>
  error: Signal<string | null>
  /** Loads the newest page again (older pages shown are dropped). */
  refresh(): Promise<void>
  loadOlder(): Promise<void>
  redeliver(delivery: WebhookDelivery): Promise<void>
}

/**
 * One webhook's delivery log, a page at a time, newest first. No background polling, except
 * that a delivery named by `watchId` (a test event just sent) is looked at again every second,
 * ten times at most, until it is no longer pending; `onSettled` hears how it ended (or that it is
 * still pending when the looking stops).
 */
export function useDeliveries(
  webhookId: number,
  watchId: number | null,
  onSettled: (delivery: WebhookDelivery) => void,
): Deliveries {
  const { api, accountId } = useAccount()
  const rows = useSignal<WebhookDelivery[] | undefined>(undefined)
  const nextBefore = useSignal<number | null>(null)
  const loading = useSignal(false)
  const error = useSignal<string | null>(null)
  const generation = useSignal(0)
  const path = { account_id: accountId, webhook_id: webhookId }

  const page = async (before?: number) =>
    unwrap(
      api.GET('/api/v1/accounts/{account_id}/webhooks/{webhook_id}/deliveries', {
        params: { path, query: before ? { before } : {} },
      }),
    )

  const refresh = async () => {
    const mine = ++generation.value
    loading.value = true
    try {
      const answer = await page()
      if (mine !== generation.value) return
      rows.value = answer.payload
      nextBefore.value = answer.meta.next_before
      error.value = null
    } catch (failure) {
      if (mine === generation.value) error.value = messageOf(failure)
    } finally {
      if (mine === generation.value) loading.value = false
    }
  }

  useEffect(() => {
    rows.value = undefined
    // A watched delivery's first look loads the log (below): one read, not two.
    if (watchId === null) void refresh()
  }, [webhookId])

  useEffect(() => {
    if (watchId === null) return
    let tries = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const look = async () => {
      await refresh()
      if (stopped) return
      const watched = rows.value?.find((d) => d.id === watchId)
      if (watched && watched.status !== 'pending') {
        onSettled(watched)
        return
      }
      if (++tries < WATCH_TRIES) timer = setTimeout(() => void look(), WATCH_INTERVAL_MS)
      else if (watched) onSettled(watched)
    }
    void look()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [webhookId, watchId])

  return {
    rows,
    nextBefore,
    loading,
    error,
    refresh,
    async loadOlder() {
      const before = nextBefore.value
      if (before === null) return
      loading.value = true
      try {
        const answer = await page(before)
        rows.value = [...(rows.value ?? []), ...answer.payload]
        nextBefore.value = answer.meta.next_before
        error.value = null
      } catch (failure) {
        error.value = messageOf(failure)
      } finally {
        loading.value = false
      }
    },
    async redeliver(delivery) {
      const answer = await unwrap(
        api.POST(
          '/api/v1/accounts/{account_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
          { params: { path: { ...path, delivery_id: delivery.id } } },
        ),
      )
      rows.value = rows.value?.map((row) => (row.id === delivery.id ? answer.payload : row))
    },
  }
}
