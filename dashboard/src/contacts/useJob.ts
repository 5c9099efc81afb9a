import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { messageOf } from '../workspace/ui/useLoad'
import { finished } from './jobs-api'

/** How often a running import or export is asked for its progress. */
export const POLL_INTERVAL = 1000

interface Job {
  id: number
  status: string
  error?: string | null
}

/**
 * Follows a background job: asks for it every `interval` ms until it has completed or failed
 * (the one place the dashboard polls: a job's progress has no live frame). Stops on unmount.
 */
export function useJob<T extends Job>(read: (id: number) => Promise<T>, interval: number) {
  const t = useStrings().contacts
  const job = useSignal<T | null>(null)
  const error = useSignal<string | null>(null)
  /** Why the last start was refused (the request failed, or the panel found nothing to send). */
  const startError = useSignal<string | null>(null)
  const sending = useSignal(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const generation = useRef(0)
  useEffect(
    () => () => {
      generation.current++
      clearTimeout(timer.current)
    },
    [],
  )

  /** Shows `first` and follows it to its end; `onEnd` hears the last state once. */
  const follow = (first: T, onEnd?: (last: T) => void) => {
    const mine = ++generation.current
    clearTimeout(timer.current)
    job.value = first
    error.value = null
    const next = (current: T) => {
      if (finished(current)) {
        onEnd?.(current)
        return
      }
      timer.current = setTimeout(async () => {
        try {
          const fresh = await read(current.id)
          if (mine !== generation.current) return
          job.value = { ...current, ...fresh }
          next(job.value)
        } catch (failure) {
          if (mine === generation.current) error.value = messageOf(failure)
        }
      }, interval)
    }
    next(first)
  }

  /** Starts a job with `begin` and follows it, unless starting is refused. */
  const start = async (begin: () => Promise<T>, onEnd?: (last: T) => void) => {
    sending.value = true
    startError.value = null
    try {
      follow(await begin(), onEnd)
    } catch (problem) {
      startError.value = messageOf(problem)
    } finally {
      sending.value = false
    }
  }

  const current = job.value
  const running = current !== null && !finished(current)
  /** What went wrong, the first of: starting, asking for progress, the job failing (`failed`). */
  const problem = (failed: string) =>
    startError.value ??
    error.value ??
    (current?.status === 'failed'
      ? format(failed, { reason: current.error ?? t.unknownReason })
      : null)
  return { job, error, startError, sending, running, follow, start, problem }
}
