/**
 * Styles go in through a constructed stylesheet (no <style>, so `style-src 'self'` holds); a
 * browser without them gets a <link> to the same CSS, and nothing shows until it has loaded.
 */
export function adoptStyles(
  root: ShadowRoot,
  css: string,
  href: string,
  nonce: string | undefined,
  hideUntilLoaded: HTMLElement,
): void {
  const win = root.ownerDocument.defaultView as (Window & typeof globalThis) | null
  if (win && 'adoptedStyleSheets' in root && 'replaceSync' in win.CSSStyleSheet.prototype) {
    const sheet = new win.CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return
  }
  const link = root.ownerDocument.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  if (nonce) link.nonce = nonce
  hideUntilLoaded.hidden = true
  link.onload = () => {
    hideUntilLoaded.hidden = false
  }
  root.append(link)
}
