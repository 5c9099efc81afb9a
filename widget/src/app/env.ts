import { createLiveSocket } from '../../../protocol/client/socket'
import { createSharedLive } from '../../../protocol/client/tabs'
import { browserInfo } from '../../../protocol/shared/browser-info'
import type { Strings } from '../i18n'
import { loadChunk } from '../shared/chunks'
import { adoptAppStyles } from '../shared/styles'
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

/**
 * Where the widget's chunk files are (next to widget.js), the nonce scripts carry, and the shadow
 * root a part's own styles go into.
 */
export interface ChunkSource {
  assetBase: string
  nonce?: string
  launcher?: { root: ShadowRoot }
}

export function browserEnv(win: Window & typeof globalThis, chunks: ChunkSource): WidgetEnv {
  const nav = win.navigator
  return {
    loadStrings: (lang) =>
      loadChunk<Strings>(win, chunks.assetBase, `locale-${lang}`, chunks.nonce),
    loadPart: <K extends PartName>(name: K) =>
      loadChunk<PartFactory>(win, chunks.assetBase, `part-${name}`, chunks.nonce).then(
        (factory) => {
          const part = runPart<Parts[K]>(factory)
          // A part with its own styles (e.g. the team line): adopted as the app's are, its file
          // (widget-part-<name>.css) only where the page refuses both sheet and nonce'd <style>.
          const css = (part as { css?: string }).css
          if (css && chunks.launcher)
            adoptAppStyles(
              chunks.launcher.root,
              css,
              `${chunks.assetBase}widget-part-${name}.css`,
              chunks.nonce,
              () => {},
            )
          return part
        },
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
