export interface TypingSender {
  /** The agent typed: `active` false when the box became empty. */
  input(active: boolean): void
  stop(): void
}

/**
 * Typing frames while the agent types, throttled: "on" at most every `refreshMs` (the room
 * expires typing that is not refreshed), "off" after `idleMs` without a keystroke, on send and
 * when the box is emptied or left.
 */
export function createTypingSender(
  send: (on: boolean) => boolean,
  { refreshMs = 3000, idleMs = 4000, now = () => Date.now() } = {},
): TypingSender {
  let on = false
  let lastSent = 0
  let idle: ReturnType<typeof setTimeout> | undefined
  const stop = () => {
    clearTimeout(idle)
    idle = undefined
    if (on) send(false)
    on = false
  }
  return {
    input(active) {
      if (!active) return stop()
      const at = now()
      if ((!on || at - lastSent >= refreshMs) && send(true)) {
        on = true
        lastSent = at
      }
      clearTimeout(idle)
      idle = setTimeout(stop, idleMs)
    },
    stop,
  }
}
