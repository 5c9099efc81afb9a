import { type Signal, useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { ApiError } from '../../api/client'

export interface Loaded<T> {
  /** The last good answer (kept while a reload is under way). */
  data: Signal<T | undefined>
  /** Why the last load failed, in words from the API's envelope. */
  error: Signal<string | null>
  loading: Signal<boolean>
  reload(): Promise<void>
}

/**
 * Loads what a page shows (`load` is usually `() => unwrap(api.GET(...))`), again whenever a
 * dependency changes or `reload()` is called after a change; a late answer to an older load is
 * dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): Loaded<T> {
  const data = useSignal<T | undefined>(undefined)
  const error = useSignal<string | null>(null)
  const loading = useSignal(true)
  const generation = useSignal(0)

  const reload = async () => {
    const mine = ++generation.value
    loading.value = true
    try {
      const value = await load()
      if (mine !== generation.value) return
      data.value = value
      error.value = null
    } catch (failure) {
      if (mine !== generation.value) return
      error.value = messageOf(failure)
    } finally {
      if (mine === generation.value) loading.value = false
    }
  }
  useEffect(() => {
    void reload()
  }, deps)
  return { data, error, loading, reload }
}

/** A failure in words fit to show: the API's own message, or a plain one. */
export function messageOf(failure: unknown): string {
  if (failure instanceof ApiError) {
    return failure.status === 0
      ? 'No connection. Check your network and try again.'
      : failure.message
  }
  return failure instanceof Error ? failure.message : String(failure)
}
