/**
 * Parts of the widget fetched only when needed, as classic scripts next to widget.js (so they
 * carry the loader's nonce, like widget-app.js, and work under `script-src 'self' 'nonce-…'`).
 * A chunk announces what it carries with a window event named after it as it runs.
 */
const eventName = (name: string) => `parley:chunk:${name}`

export function announceChunk(name: string, value: unknown): void {
  window.dispatchEvent(new CustomEvent(eventName(name), { detail: value }))
}

/** Adds `${assetBase}widget-${name}.js` once and resolves with what it announces. */
export function loadChunk<T>(
  win: Window,
  assetBase: string,
  name: string,
  nonce?: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const url = `${assetBase}widget-${name}.js`
    const script = win.document.createElement('script')
    const onChunk = (event: Event) => resolve((event as CustomEvent<T>).detail)
    win.addEventListener(eventName(name), onChunk, { once: true })
    script.src = url
    script.async = true
    if (nonce) script.nonce = nonce
    script.onerror = () => {
      win.removeEventListener(eventName(name), onChunk)
      script.remove()
      reject(new Error(`Could not load ${url}`))
    }
    win.document.head.append(script)
  })
}
