import { APP_EVENT, type MountApp } from '../shared/protocol'

/**
 * Adds widget-app.js as a classic script carrying the loader's own nonce, so a page whose policy
 * is `script-src 'self' 'nonce-…'` (with or without 'strict-dynamic') runs it. The app announces
 * its mount function with a window event as it executes.
 */
export function injectApp(win: Window, url: string, nonce?: string): Promise<MountApp> {
  return new Promise((resolve, reject) => {
    const doc = win.document
    const script = doc.createElement('script')
    const onApp = (event: Event) => resolve((event as CustomEvent<MountApp>).detail)
    win.addEventListener(APP_EVENT, onApp, { once: true })
    script.src = url
    script.async = true
    if (nonce) script.nonce = nonce
    script.onerror = () => {
      win.removeEventListener(APP_EVENT, onApp)
      script.remove()
      reject(new Error(`Could not load ${url}`))
    }
    doc.head.append(script)
  })
}
