import { isHexColor, readableOn } from '../../../protocol/shared/color'
import type { LauncherHandle, Position } from '../shared/protocol'
import launcherCss from './launcher.css?inline'

const SVG = 'http://www.w3.org/2000/svg'
const CHAT_ICON =
  'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8.4L4 21.5V18a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0 .01Zm5 0a1.5 1.5 0 1 0 0 .01Zm5 0a1.5 1.5 0 1 0 0 .01Z'

/** One call for several attributes: shorter than a setAttribute call each, on every page view. */
function setAttributes(element: Element, attributes: Record<string, string>): void {
  for (const name in attributes) element.setAttribute(name, attributes[name] as string)
}

/** Hides or shows the launcher (toggleBubbleVisibility, hideMessageBubble). */
export function showBubble(launcher: LauncherHandle, visible: boolean): void {
  launcher.host.toggleAttribute('data-hidden', !visible)
}

/**
 * Draws the launcher in its own shadow root; fixed position, so the page never shifts. `label`
 * names it (labels.ts); `nonce` is the loader script's, for browsers without constructed stylesheets.
 * The app names it once it drives it, and shows the unread badge by setting data-unread.
 * Positional, so the minifier can shorten the names: every byte here is on every page view.
 */
export function createLauncher(
  doc: Document,
  label: string,
  position: Position,
  nonce?: string,
): LauncherHandle {
  const host = doc.createElement('parley-widget')
  const root = host.attachShadow({ mode: 'open' })
  const button = doc.createElement('button')
  setAttributes(button, {
    type: 'button',
    class: 'launcher',
    'aria-haspopup': 'dialog',
    'aria-expanded': 'false',
    'aria-label': label,
  })
  const svg = doc.createElementNS(SVG, 'svg')
  const path = doc.createElementNS(SVG, 'path')
  setAttributes(svg, { viewBox: '0 0 24 24', 'aria-hidden': 'true', class: 'chat' })
  setAttributes(path, { d: CHAT_ICON })
  svg.append(path)
  button.append(svg)
  root.append(button)
  // A constructed stylesheet (no <style>, so `style-src 'self'` holds); the root is new, so it
  // is the only one. A browser without them (something here throws) gets the same CSS in a
  // <style> with the loader's nonce: nothing from Parley's origin, so style-src never needs it.
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(launcherCss)
    root.adoptedStyleSheets = [sheet]
  } catch {
    root.append(
      Object.assign(doc.createElement('style'), { nonce: nonce || '', textContent: launcherCss }),
    )
  }
  host.dataset.position = position
  doc.body.append(host)
  return {
    host,
    root,
    button,
    setColor(color) {
      const valid = isHexColor(color)
      if (valid) {
        host.style.setProperty('--parley-color', color)
        host.style.setProperty('--parley-on-color', readableOn(color))
      }
      return valid
    },
  }
}
