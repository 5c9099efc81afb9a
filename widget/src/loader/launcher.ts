import { isHexColor, readableOn } from '../shared/color'
import type { LauncherHandle, LauncherLabels, Position } from '../shared/protocol'
import { adoptStyles } from '../shared/styles'
import launcherCss from './launcher.css?inline'

const SVG = 'http://www.w3.org/2000/svg'
const CHAT_ICON =
  'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8.4L4 21.5V18a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0 .01Zm5 0a1.5 1.5 0 1 0 0 .01Zm5 0a1.5 1.5 0 1 0 0 .01Z'
const CLOSE_ICON =
  'M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z'

function icon(doc: Document, className: string, path: string): SVGSVGElement {
  const svg = doc.createElementNS(SVG, 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('aria-hidden', 'true')
  svg.setAttribute('class', className)
  const p = doc.createElementNS(SVG, 'path')
  p.setAttribute('d', path)
  svg.append(p)
  return svg
}

export interface LauncherOptions {
  position: Position
  labels: LauncherLabels
  cssHref: string
  nonce?: string
  visible: boolean
}

/** Draws the launcher in its own shadow root; fixed position, so the page never shifts. */
export function createLauncher(doc: Document, options: LauncherOptions): LauncherHandle {
  const host = doc.createElement('parley-widget')
  const root = host.attachShadow({ mode: 'open' })
  const button = doc.createElement('button')
  const badge = doc.createElement('span')
  let labels = options.labels
  let open = false
  let unread = 0

  button.type = 'button'
  button.className = 'launcher'
  button.setAttribute('aria-haspopup', 'dialog')
  badge.className = 'badge'
  badge.setAttribute('aria-hidden', 'true')
  badge.hidden = true
  button.append(icon(doc, 'chat', CHAT_ICON), icon(doc, 'close', CLOSE_ICON), badge)
  root.append(button)
  adoptStyles(root, launcherCss, options.cssHref, options.nonce, button)

  const label = () => {
    const base = open ? labels.close : labels.open
    const count = unread > 0 ? `, ${labels.unread.replace('{count}', String(unread))}` : ''
    button.setAttribute('aria-label', base + count)
    button.setAttribute('aria-expanded', String(open))
  }

  const handle: LauncherHandle = {
    host,
    root,
    button,
    setOpen(value) {
      open = value
      label()
    },
    setUnread(count) {
      unread = Math.max(0, count)
      badge.textContent = unread > 99 ? '99+' : String(unread)
      badge.hidden = unread === 0
      label()
    },
    setLabels(next) {
      labels = next
      label()
    },
    setColor(color) {
      if (!isHexColor(color)) return
      host.style.setProperty('--parley-color', color)
      host.style.setProperty('--parley-on-color', readableOn(color))
    },
    setPosition(position) {
      host.dataset.position = position
    },
    setVisible(visible) {
      if (visible) delete host.dataset.bubble
      else host.dataset.bubble = 'hidden'
    },
    focus() {
      button.focus()
    },
  }
  handle.setPosition(options.position)
  handle.setVisible(options.visible)
  label()
  doc.body.append(host)
  return handle
}
