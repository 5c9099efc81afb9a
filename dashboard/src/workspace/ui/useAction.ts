import { useSignal } from '@preact/signals'
import { messageOf } from './useLoad'

/**
 * The state of one control group's changes: busy while one runs, then what it said (`status`,
 * for a polite announcement) or what failed (`error`, in words). Controls stay enabled while a
 * change is under way (disabling the focused one would drop focus): a second change waits for
 * the first instead of starting. `describe` words a failure (default: the envelope's message).
 */
export function useAction(describe: (failure: unknown) => string = messageOf) {
  const busy = useSignal(false)
  const error = useSignal<string | null>(null)
  const status = useSignal('')
  const act = async (work: () => Promise<string>) => {
    if (busy.value) return
    busy.value = true
    error.value = null
    status.value = ''
    try {
      status.value = await work()
    } catch (failure) {
      error.value = describe(failure)
    } finally {
      busy.value = false
    }
  }
  return { busy, error, status, act }
}
