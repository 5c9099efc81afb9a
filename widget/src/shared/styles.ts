/**
 * Styles go in through a constructed stylesheet (no <style>, so `style-src 'self'` holds); a
 * browser without them (the constructor, replaceSync or adoptedStyleSheets throws) gets a <link>
 * to the same CSS, and nothing shows until it has loaded.
 */
export function adoptStyles(
  root: ShadowRoot,
  css: string,
  href: string,
  nonce: string | undefined,
  hideUntilLoaded: HTMLElement,
): void {
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  } catch {
    hideUntilLoaded.hidden = true
    root.append(
      Object.assign(root.ownerDocument.createElement('link'), {
        rel: 'stylesheet',
        href,
        nonce: nonce || '',
        onload: () => {
          hideUntilLoaded.hidden = false
        },
      }),
    )
  }
}
