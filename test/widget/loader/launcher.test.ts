import { describe, expect, it, vi } from 'vitest'
import { createLauncher } from '../../../widget/src/loader/launcher'
import { injectApp } from '../../../widget/src/loader/load-app'
import { contrastRatio, readableOn } from '../../../widget/src/shared/color'
import { APP_EVENT, type MountApp } from '../../../widget/src/shared/protocol'

const labels = { open: 'Open chat', close: 'Close chat', unread: '{count} unread' }

function launcher(options: Partial<Parameters<typeof createLauncher>[1]> = {}) {
  return createLauncher(document, {
    position: 'right',
    labels,
    cssHref: 'https://chat.example.test/widget.css',
    visible: true,
    ...options,
  })
}

describe('createLauncher', () => {
  it('draws a real button in a shadow root on a fixed-position host, styled by an adopted sheet', () => {
    const handle = launcher()
    expect(handle.host.tagName).toBe('PARLEY-WIDGET')
    expect(handle.host.parentElement).toBe(document.body)
    expect(handle.root.adoptedStyleSheets).toHaveLength(1)
    expect(handle.root.querySelector('style')).toBeNull()
    expect(handle.root.querySelector('link')).toBeNull()
    expect(handle.button.type).toBe('button')
    expect(handle.button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(handle.root.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(2)
  })

  it('shows the unread count in a badge and in the accessible name', () => {
    const handle = launcher()
    const badge = handle.root.querySelector('.badge') as HTMLElement
    expect(badge.hidden).toBe(true)
    handle.setUnread(3)
    expect(badge.hidden).toBe(false)
    expect(badge.textContent).toBe('3')
    expect(badge.getAttribute('aria-hidden')).toBe('true')
    expect(handle.button.getAttribute('aria-label')).toBe('Open chat, 3 unread')
    handle.setUnread(120)
    expect(badge.textContent).toBe('99+')
    handle.setOpen(true)
    expect(handle.button.getAttribute('aria-label')).toBe('Close chat, 120 unread')
    expect(handle.button.getAttribute('aria-expanded')).toBe('true')
    handle.setUnread(0)
    expect(badge.hidden).toBe(true)
    handle.setLabels({ open: 'Abrir chat', close: 'Cerrar chat', unread: '{count} sin leer' })
    expect(handle.button.getAttribute('aria-label')).toBe('Cerrar chat')
  })

  it('takes only #rgb/#rrggbb colours, with a readable icon colour', () => {
    const handle = launcher()
    handle.setColor('red; background: url(x)')
    expect(handle.host.style.getPropertyValue('--parley-color')).toBe('')
    handle.setColor('#0b5cad')
    expect(handle.host.style.getPropertyValue('--parley-color')).toBe('#0b5cad')
    expect(handle.host.style.getPropertyValue('--parley-on-color')).toBe('#ffffff')
  })

  it('moves left and hides the bubble through host attributes', () => {
    const handle = launcher({ position: 'left', visible: false })
    expect(handle.host.dataset.position).toBe('left')
    expect(handle.host.dataset.bubble).toBe('hidden')
  })

  it('falls back to a <link> carrying the nonce when constructable stylesheets are missing', () => {
    // An older browser: a CSSStyleSheet without replaceSync.
    vi.stubGlobal('CSSStyleSheet', class {})
    try {
      const handle = launcher({ nonce: 'n0nce' })
      const link = handle.root.querySelector('link') as HTMLLinkElement
      expect(link.rel).toBe('stylesheet')
      expect(link.href).toBe('https://chat.example.test/widget.css')
      expect(link.nonce).toBe('n0nce')
      // Hidden until the sheet has loaded (the test DOM reports the load at once).
      expect(typeof link.onload).toBe('function')
      expect(handle.button.hidden).toBe(false)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('readableOn', () => {
  it('always reaches 4.5:1 against the brand colour', () => {
    for (const color of [
      '#000000',
      '#ffffff',
      '#777777',
      '#1f5fbf',
      '#ffcc00',
      '#e91e63',
      '#0f0',
    ]) {
      expect(contrastRatio(color, readableOn(color))).toBeGreaterThanOrEqual(4.5)
    }
  })
})

describe('injectApp', () => {
  it('adds widget-app.js with the loader nonce and resolves with the mount function it announces', async () => {
    const mount: MountApp = vi.fn()
    const appendSpy = vi.spyOn(document.head, 'append').mockImplementation(() => {})
    const pending = injectApp(window, 'https://chat.example.test/widget-app.js', 'n0nce')
    const script = appendSpy.mock.calls[0]?.[0] as HTMLScriptElement
    expect(script.src).toBe('https://chat.example.test/widget-app.js')
    expect(script.nonce).toBe('n0nce')
    expect(script.async).toBe(true)
    window.dispatchEvent(new CustomEvent(APP_EVENT, { detail: mount }))
    await expect(pending).resolves.toBe(mount)
  })

  it('rejects when the script cannot be loaded', async () => {
    const appendSpy = vi.spyOn(document.head, 'append').mockImplementation(() => {})
    const pending = injectApp(window, 'https://chat.example.test/widget-app.js')
    const script = appendSpy.mock.calls[0]?.[0] as HTMLScriptElement
    script.onerror?.(new Event('error'))
    await expect(pending).rejects.toThrow('Could not load https://chat.example.test/widget-app.js')
  })
})
