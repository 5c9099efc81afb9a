import { APP_EVENT, type MountApp } from '../shared/protocol'

/**
 * Adds widget-app.js as a classic script carrying the loader's own nonce, so a page whose policy
 * is `script-src 'self' 'nonce-…'` (with or without 'strict-dynamic') runs it. The app announces
 * its mount function with a window event as it executes. (A script added this way runs async.)
 * A failed try leaves its listener behind: it can only resolve a promise already rejected.
 */
export function injectApp(url: string, nonce: string | undefined, win: Window): Promise<MountApp> {
  return new Promise((resolve, reject) => {
    win.addEventListener(APP_EVENT, (event) => resolve((event as CustomEvent<MountApp>).detail), {
      once: true,
    })
    win.document.head.append(
      Object.assign(win.document.createElement('script'), {
        src: url,
        nonce: nonce || '',
        onerror(this: HTMLScriptElement) {
          this.remove()
          reject(new Error(`Could not load ${url}`))
        },
      }),
    )
  })
}
