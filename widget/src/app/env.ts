import { createLiveSocket } from '../client/socket'
import { createSharedLive } from '../client/tabs'
import type { WidgetEnv } from '../store/context'

function uuid(crypto: Crypto): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID needs a secure context; plain-http pages still get a random v4 id.
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] as number) & 0x0f) | 0x40
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg\/([\d.]+)/],
  ['Firefox', /Firefox\/([\d.]+)/],
  ['Chrome', /Chrome\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
]
const PLATFORMS: [string, RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
]

/** The `browser` object of webwidget.triggered, in Chatwoot's keys. */
export function browserInfo(userAgent: string): Record<string, string> {
  const browser = BROWSERS.find(([, re]) => re.test(userAgent))
  const platform = PLATFORMS.find(([, re]) => re.test(userAgent))
  return {
    browser_name: browser?.[0] ?? 'Unknown',
    browser_version: browser ? (userAgent.match(browser[1])?.[1] ?? '') : '',
    platform_name: platform?.[0] ?? 'Unknown',
    device_name: /Mobi|Android|iPhone/.test(userAgent) ? 'Mobile' : 'Desktop',
  }
}

export function browserEnv(win: Window & typeof globalThis): WidgetEnv {
  const nav = win.navigator
  return {
    now: () => Date.now(),
    uuid: () => uuid(win.crypto),
    online: () => nav.onLine !== false,
    visible: () => win.document.visibilityState !== 'hidden',
    referrer: () => win.location.href,
    browserInfo: () => browserInfo(nav.userAgent),
    openLive: (options) =>
      createSharedLive({
        name: options.name,
        locks: nav.locks,
        BroadcastChannel: win.BroadcastChannel,
        onFrame: options.onFrame,
        onStatus: options.onStatus,
        onSignal: options.onSignal,
        createSocket: (handlers) =>
          createLiveSocket({
            url: options.url,
            token: options.token,
            onFrame: handlers.onFrame,
            onStatus: handlers.onStatus,
            WebSocket: win.WebSocket,
          }),
      }),
  }
}
