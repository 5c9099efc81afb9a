import { signal } from '@preact/signals'
import type { InboxNews } from '../inbox/store'

export type NotificationPermissionState = NotificationPermission | 'unsupported'

/** The agent's sound setting: always, never, or only while the tab is hidden (the default). */
export type SoundSetting = 'on' | 'off' | 'hidden'

export interface AlertsOptions {
  doc: Document
  /** The title and body of a browser notification for the news. */
  describe(news: InboxNews): { title: string; body: string; displayId: number }
  /** Opens the conversation when its notification is clicked. */
  open(displayId: number): void
  Notification?: typeof Notification
  AudioContext?: typeof AudioContext
  now?: () => number
  /** A burst (a reconnect's replay) rings once: alerts closer than this are dropped. */
  quietMs?: number
  /** The agent's sound setting now (their preferences); only while hidden when absent. */
  sound?: () => SoundSetting
}

/**
 * A short sound and, once the agent asked for them, browser notifications for new conversations
 * and new messages in the agent's own conversations. Notifications come only while the tab is
 * hidden (a visible tab shows the list and the title count); the sound follows the agent's
 * setting: on, off, or only while hidden.
 */
export function createAlerts(options: AlertsOptions) {
  const Notify = options.Notification ?? globalThis.Notification
  const Audio = options.AudioContext ?? globalThis.AudioContext
  const now = options.now ?? Date.now
  const quietMs = options.quietMs ?? 3000
  const permission = signal<NotificationPermissionState>(Notify ? Notify.permission : 'unsupported')
  let lastAlertAt = Number.NEGATIVE_INFINITY
  let audio: AudioContext | null = null

  function beep() {
    if (!Audio) return
    try {
      audio ??= new Audio()
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      const start = audio.currentTime
      oscillator.frequency.value = 880
      gain.gain.setValueAtTime(0.15, start)
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.25)
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(start)
      oscillator.stop(start + 0.25)
    } catch {
      // No audio output or autoplay refused: the notification and the title still tell.
    }
  }

  function alert(news: InboxNews): boolean {
    if (news.kind === 'message' && !news.assignedToMe) return false
    const hidden = options.doc.visibilityState === 'hidden'
    const sound = options.sound?.() ?? 'hidden'
    if (!hidden && sound !== 'on') return false
    if (now() - lastAlertAt < quietMs) return false
    lastAlertAt = now()
    if (sound === 'on' || (sound === 'hidden' && hidden)) beep()
    if (!hidden) return false
    if (Notify && permission.value === 'granted') {
      const { title, body, displayId } = options.describe(news)
      const notification = new Notify(title, { body, tag: `parley-${displayId}` })
      notification.onclick = () => {
        globalThis.focus?.()
        options.open(displayId)
        notification.close()
      }
    }
    return true
  }

  /** Asks the browser (only from the agent's click on "Enable notifications"). */
  async function enable() {
    if (!Notify) return
    permission.value = await Notify.requestPermission()
  }

  return { permission, alert, enable }
}

export type Alerts = ReturnType<typeof createAlerts>
