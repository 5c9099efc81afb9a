import type { RefObject } from 'preact'
import { useLayoutEffect, useRef, useState } from 'preact/hooks'

/** How near the bottom (px) still counts as reading the newest message. */
const NEAR_BOTTOM = 48

export interface FollowNewest {
  onScroll: () => void
  /** Whether messages arrived below while the visitor was reading further up. */
  unseen: boolean
  /** Back to the newest message (the "new messages" button). */
  jump: () => void
}

/**
 * Keeps the log on its newest message unless the visitor scrolled up to read. It stops following
 * only when a scroll event finds the log above where it last was and away from the bottom: the
 * browser dispatches a scroll event a frame late, and content that grew meanwhile (a reply
 * arriving) must not read as the visitor having left.
 * A size change (the text box growing with a pasted text, an image or a file part loading, a long
 * message) moves the bottom without moving scrollTop and fires no scroll event: it used to leave
 * the list a few lines short, and the next scroll event then read that as the visitor having
 * left. A ResizeObserver on the log and on its content now scrolls back down at once.
 */
export function useFollowNewest(
  list: RefObject<HTMLDivElement | null>,
  /** The last message: only its identity counts (a new one, while reading above, is unseen). */
  newest: unknown,
): FollowNewest {
  const observer = useRef<ResizeObserver | null>(null)
  const following = useRef(true)
  /** Where the log was at the last scroll event. */
  const lastTop = useRef(0)
  const [unseen, setUnseen] = useState(false)

  const toBottom = () => {
    // Null once the log is gone: the observer outlives it (no disconnect, see below).
    const el = list.current
    if (el) el.scrollTop = el.scrollHeight
  }
  const follow = () => {
    following.current = true
    setUnseen(false)
    toBottom()
  }

  // Every render: watch the log's size and each message's. Observing one twice does nothing; a
  // new one is reported once at once (before paint), which takes a new message into view. The
  // observer goes with the log (its targets are the log and its children): no disconnect, which
  // would cost bytes on every opening.
  useLayoutEffect(() => {
    const el = list.current as HTMLDivElement
    observer.current ||= new ResizeObserver(() => following.current && toBottom())
    for (const box of [el, ...el.children]) observer.current.observe(box)
  })

  // A new last message while the visitor reads further up: the button offers it.
  useLayoutEffect(() => {
    if (!following.current) setUnseen(true)
  }, [newest])

  return {
    onScroll() {
      const el = list.current as HTMLDivElement
      const top = el.scrollTop
      if (el.scrollHeight - top - el.clientHeight < NEAR_BOTTOM) follow()
      else if (top < lastTop.current) following.current = false
      lastTop.current = top
    },
    unseen,
    jump() {
      follow()
      // The button goes away: keep keyboard focus in the widget, on the log it scrolled.
      list.current?.focus()
    },
  }
}
