/**
 * Styles go in through a constructed stylesheet (no <style>, so `style-src 'self'` holds). Returns
 * false where the browser has none (the constructor, replaceSync or adoptedStyleSheets throws).
 */
function adoptSheet(root: ShadowRoot, css: string): boolean {
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return true
  } catch {
    return false
  }
}

/** A <link> to a CSS file, carrying the nonce; calls `loaded` once it applies. */
export function linkSheet(
  root: ShadowRoot,
  href: string,
  nonce: string | undefined,
  loaded?: () => void,
) {
  root.append(
    Object.assign(root.ownerDocument.createElement('link'), {
      rel: 'stylesheet',
      href,
      nonce: nonce || '',
      onload: loaded,
    }),
  )
}

/**
 * The app's: a constructed stylesheet; in a browser without them, a <style> with the CSS text
 * the script already carries, with the loader's nonce, so opening downloads nothing more. Only
 * where the page's policy refuses that <style> (it then has no sheet; the browser reports the
 * violation) does it fall back to a <link> to the same CSS as a file (widget-app.css). `styled`
 * runs once the styles apply: at once, or when the file has loaded.
 */
export function adoptAppStyles(
  root: ShadowRoot,
  css: string,
  href: string,
  nonce: string | undefined,
  styled: () => void,
): void {
  if (adoptSheet(root, css)) {
    styled()
    return
  }
  const style = Object.assign(root.ownerDocument.createElement('style'), {
    nonce: nonce || '',
    textContent: css,
  })
  root.append(style)
  if (style.sheet) styled()
  else {
    style.remove()
    linkSheet(root, href, nonce, styled)
  }
}
