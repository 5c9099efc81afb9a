import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { contrastRatio, readableOn } from '../../../protocol/shared/color'
import { launcherLabel } from '../../../widget/src/loader/labels'
import { createLauncher, showBubble } from '../../../widget/src/loader/launcher'
import { injectApp } from '../../../widget/src/loader/load-app'
import { APP_EVENT, type MountApp, type Position } from '../../../widget/src/shared/protocol'

function launcher(options: { position?: Position; nonce?: string } = {}) {
  return createLauncher(document, 'Open chat', options.position ?? 'right', options.nonce)
}

describe('createLauncher', () => {
  it('draws a named, collapsed button in a shadow root on a fixed-position host, styled by an adopted sheet', () => {
    const handle = launcher()
    expect(handle.host.tagName).toBe('PARLEY-WIDGET')
    expect(handle.host.parentElement).toBe(document.body)
    expect(handle.root.adoptedStyleSheets).toHaveLength(1)
    expect(handle.root.querySelector('style')).toBeNull()
    expect(handle.root.querySelector('link')).toBeNull()
    expect(handle.button.type).toBe('button')
    expect(handle.button.className).toBe('launcher')
    expect(handle.button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(handle.button.getAttribute('aria-expanded')).toBe('false')
    expect(handle.button.getAttribute('aria-label')).toBe('Open chat')
    // The chat icon, decorative (the app adds the close icon).
    const icons = handle.root.querySelectorAll('svg[aria-hidden="true"]')
    expect([...icons].map((icon) => icon.getAttribute('class'))).toEqual(['chat'])
    expect(icons[0]?.querySelector('path')?.getAttribute('d')).toMatch(/^M4 3h16/)
  })

  it('leaves the CSS for the state the app sets (icons by aria-expanded, badge by data-unread) to the app', () => {
    // Read from the files: in these tests a CSS import is an empty stub.
    const read = (file: string) =>
      readFileSync(path.resolve(import.meta.dirname, '../../../widget/src', file), 'utf8').replace(
        /\s+/g,
        ' ',
      )
    const app = read('styles/app.css')
    expect(app).toMatch(/\.launcher\[aria-expanded="?true"?\] \.chat/)
    expect(app).toMatch(/\.launcher\[aria-expanded="?false"?\] \.icon-close/)
    expect(app).toMatch(/\.launcher\[data-unread\]::?after/)
    expect(app).toMatch(/content: ?attr\(data-unread\)/)
    // The loader's, on every page view, has none of it.
    expect(read('loader/launcher.css')).not.toMatch(/data-unread|icon-close|aria-expanded/)
  })

  it('takes only #rgb/#rrggbb colours, with a readable icon colour', () => {
    const handle = launcher()
    handle.setColor('red; background: url(x)')
    handle.setColor(['#fff'] as unknown as string)
    expect(handle.host.style.getPropertyValue('--parley-color')).toBe('')
    handle.setColor('#0b5cad')
    expect(handle.host.style.getPropertyValue('--parley-color')).toBe('#0b5cad')
    expect(handle.host.style.getPropertyValue('--parley-on-color')).toBe('#ffffff')
    handle.setColor('#fc0')
    expect(handle.host.style.getPropertyValue('--parley-on-color')).toBe('#000000')
  })

  it('moves left, and hides and shows the bubble, through host attributes', () => {
    const handle = launcher({ position: 'left' })
    expect(handle.host.dataset.position).toBe('left')
    expect(handle.host.hasAttribute('data-hidden')).toBe(false)
    showBubble(handle, false)
    expect(handle.host.hasAttribute('data-hidden')).toBe(true)
    showBubble(handle, true)
    expect(handle.host.hasAttribute('data-hidden')).toBe(false)
  })

  it("falls back to a <style> with the launcher CSS and the nonce (nothing from Parley's origin) when constructable stylesheets are missing", () => {
    // An older browser: a CSSStyleSheet without replaceSync.
    vi.stubGlobal('CSSStyleSheet', class {})
    try {
      const handle = launcher({ nonce: 'n0nce' })
      expect(handle.root.querySelector('link')).toBeNull()
      const style = handle.root.querySelector('style') as HTMLStyleElement
      expect(style.nonce).toBe('n0nce')
      expect(handle.button.hidden).toBe(false)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('launcherLabel', () => {
  it("names the launcher in the page's language (en, es, pt, ar), English otherwise, or by the page's title", () => {
    expect(launcherLabel('en-US')).toBe('Open chat')
    expect(launcherLabel('es')).toBe('Abrir chat')
    expect(launcherLabel('pt_BR')).toBe('Abrir chat')
    expect(launcherLabel('AR')).toBe('فتح المحادثة')
    expect(launcherLabel('de')).toBe('Open chat')
    expect(launcherLabel('es', 'Talk to us')).toBe('Talk to us')
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
      // Where its approximation of the sRGB curve is closest to picking the worse one.
      '#008095',
    ]) {
      expect(contrastRatio(color, readableOn(color))).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('reaches 4.5:1 across the colour space (every 5th value of each channel)', () => {
    const hex = (n: number) => n.toString(16).padStart(2, '0')
    let worst = Number.POSITIVE_INFINITY
    for (let r = 0; r < 256; r += 5) {
      for (let g = 0; g < 256; g += 5) {
        for (let b = 0; b < 256; b += 5) {
          const color = `#${hex(r)}${hex(g)}${hex(b)}`
          worst = Math.min(worst, contrastRatio(color, readableOn(color)))
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5)
  })
})

describe('injectApp', () => {
  it('adds widget-app.js with the loader nonce and resolves with the mount function it announces', async () => {
    const mount: MountApp = vi.fn()
    const appendSpy = vi.spyOn(document.head, 'append').mockImplementation(() => {})
    const pending = injectApp('https://chat.example.test/widget-app.js', 'n0nce', window)
    const script = appendSpy.mock.calls[0]?.[0] as HTMLScriptElement
    expect(script.tagName).toBe('SCRIPT')
    expect(script.src).toBe('https://chat.example.test/widget-app.js')
    expect(script.nonce).toBe('n0nce')
    window.dispatchEvent(new CustomEvent(APP_EVENT, { detail: mount }))
    await expect(pending).resolves.toBe(mount)
  })

  it('rejects when the script cannot be loaded', async () => {
    const appendSpy = vi.spyOn(document.head, 'append').mockImplementation(() => {})
    const pending = injectApp('https://chat.example.test/widget-app.js', undefined, window)
    const script = appendSpy.mock.calls[0]?.[0] as HTMLScriptElement
    script.onerror?.call(script, new Event('error'))
    await expect(pending).rejects.toThrow('Could not load https://chat.example.test/widget-app.js')
  })
})
