import { createLiveSocket } from '../../../protocol/client/socket'
import { createSharedLive } from '../../../protocol/client/tabs'
import { browserInfo } from '../../../protocol/shared/browser-info'
import type { Strings } from '../i18n'
import { loadChunk } from '../shared/chunks'
import type { WidgetEnv } from '../store/context'
import type { PartName, Parts } from '../store/parts'
import { type PartFactory, runPart } from './part-modules'

function uuid(crypto: Crypto): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID needs a secure context; plain-http pages still get a random v4 id.
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] as number) & 0x0f) | 0x40
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** Where the widget's chunk files are (next to widget.js), and the nonce scripts carry. */
export interface ChunkSource {
  assetBase: string
  nonce?: string
}

export function browserEnv(win: Window & typeof globalThis, chunks: ChunkSource): WidgetEnv {
  const nav = win.navigator
  return {
    loadStrings: (lang) =>
      loadChunk<Strings>(win, chunks.assetBase, `locale-${lang}`, chunks.nonce),
    loadPart: <K extends PartName>(name: K) =>
      loadChunk<PartFactory>(win, chunks.assetBase, `part-${name}`, chunks.nonce).then((factory) =>
        runPart<Parts[K]>(factory),
      ),
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
