import type { RefObject } from 'preact'
import { useEffect } from 'preact/hooks'

/**
 * A panel that opens in place takes focus (its heading, so its name is read) and gives it back
 * to whatever opened it when it closes.
 */
export function useFocusWhileOpen(target: RefObject<HTMLElement | null>, key: unknown = null) {
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    target.current?.focus()
    return () => {
      requestAnimationFrame(() => {
        if (opener?.isConnected) opener.focus()
      })
    }
  }, [key])
}
