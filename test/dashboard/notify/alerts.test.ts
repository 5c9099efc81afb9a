import { describe, expect, it, vi } from 'vitest'
import type { InboxNews } from '../../../dashboard/src/inbox/store'
import { createAlerts } from '../../../dashboard/src/notify/alerts'
import { conversation, message } from '../fake-api'

class FakeNotification {
  static permission: NotificationPermission = 'default'
  static shown: FakeNotification[] = []
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted'
    return 'granted' as const
  })
  onclick: (() => void) | null = null
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this)
  }
  close() {}
}

class FakeAudio {
  static beeps = 0
  currentTime = 0
  destination = {}
  createOscillator() {
    FakeAudio.beeps++
    return { frequency: {}, connect: (x: unknown) => x, start() {}, stop() {} }
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (x: unknown) => x,
    }
  }
}

function setup(visibility: DocumentVisibilityState, sound?: 'on' | 'off' | 'hidden') {
  FakeNotification.permission = 'default'
  FakeNotification.shown = []
  FakeAudio.beeps = 0
  let now = 0
  const open = vi.fn()
  const alerts = createAlerts({
    doc: { visibilityState: visibility } as Document,
    describe: () => ({ title: 'New conversation from Ana', body: 'hi', displayId: 7 }),
    open,
    Notification: FakeNotification as unknown as typeof Notification,
    AudioContext: FakeAudio as unknown as typeof AudioContext,
    now: () => now,
    quietMs: 3000,
    ...(sound ? { sound: () => sound } : {}),
  })
  return { alerts, open, later: (ms: number) => (now += ms) }
}

const newConversation: InboxNews = { kind: 'conversation', conversation: conversation(7) }
const mine: InboxNews = { kind: 'message', message: message(1, 7), assignedToMe: true }
const others: InboxNews = { kind: 'message', message: message(2, 8), assignedToMe: false }

describe('alerts', () => {
  it('stay silent while the tab is visible', () => {
    const { alerts } = setup('visible')
    expect(alerts.alert(newConversation)).toBe(false)
    expect(FakeAudio.beeps).toBe(0)
  })

  it('ring for new conversations and for messages in my conversations while hidden', () => {
    const { alerts, later } = setup('hidden')
    expect(alerts.alert(newConversation)).toBe(true)
    later(5000)
    expect(alerts.alert(mine)).toBe(true)
    later(5000)
    expect(alerts.alert(others)).toBe(false)
    expect(FakeAudio.beeps).toBe(2)
  })

  it('ring once for a burst (a replay after reconnect)', () => {
    const { alerts, later } = setup('hidden')
    alerts.alert(newConversation)
    later(100)
    alerts.alert(mine)
    expect(FakeAudio.beeps).toBe(1)
  })

  it('show a browser notification only after the agent enabled them, and open it on click', async () => {
    const { alerts, later, open } = setup('hidden')
    alerts.alert(newConversation)
    expect(FakeNotification.shown).toHaveLength(0)
    await alerts.enable()
    expect(alerts.permission.value).toBe('granted')
    later(5000)
    alerts.alert(newConversation)
    expect(FakeNotification.shown.map((n) => n.title)).toEqual(['New conversation from Ana'])
    FakeNotification.shown[0]?.onclick?.()
    expect(open).toHaveBeenCalledWith(7)
  })

  it('with the sound on, ring while the tab is visible too, still without a browser notification', async () => {
    const { alerts, later } = setup('visible', 'on')
    await alerts.enable()
    expect(alerts.alert(newConversation)).toBe(false)
    expect(FakeAudio.beeps).toBe(1)
    later(100)
    alerts.alert(mine)
    expect(FakeAudio.beeps).toBe(1)
    expect(FakeNotification.shown).toHaveLength(0)
  })

  it('with the sound off, never ring, but still show the notification while hidden', async () => {
    const { alerts } = setup('hidden', 'off')
    await alerts.enable()
    expect(alerts.alert(newConversation)).toBe(true)
    expect(FakeAudio.beeps).toBe(0)
    expect(FakeNotification.shown).toHaveLength(1)
  })

  it('with the sound only when hidden (the default), stay silent while visible', () => {
    const { alerts } = setup('visible', 'hidden')
    alerts.alert(newConversation)
    expect(FakeAudio.beeps).toBe(0)
  })
})
