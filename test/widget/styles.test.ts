import { afterEach, describe, expect, it, vi } from 'vitest'
import { adoptAppStyles } from '../../widget/src/shared/styles'
import { mountWidget } from './mount-helpers'

const CSS = '.panel{color:red}'
const HREF = 'https://chat.example.test/widget-app.css'

/** A shadow root on a host in the document, as the launcher's is when the app mounts. */
function shadowRoot(): ShadowRoot {
  const host = document.createElement('div')
  document.body.append(host)
  return host.attachShadow({ mode: 'open' })
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

describe('adoptAppStyles', () => {
  it('adopts a constructed stylesheet and downloads nothing', () => {
    const root = shadowRoot()
    const styled = vi.fn()
    adoptAppStyles(root, CSS, HREF, 'n0nce', styled)
    expect(root.adoptedStyleSheets).toHaveLength(1)
    expect(root.querySelector('style, link')).toBeNull()
    expect(styled).toHaveBeenCalledTimes(1)
  })

  it('without constructed stylesheets, puts the same CSS in a <style> with the nonce, still downloading nothing', () => {
    // An older browser: a CSSStyleSheet without replaceSync.
    vi.stubGlobal('CSSStyleSheet', class {})
    const root = shadowRoot()
    const styled = vi.fn()
    adoptAppStyles(root, CSS, HREF, 'n0nce', styled)
    const style = root.querySelector('style') as HTMLStyleElement
    expect(style.textContent).toBe(CSS)
    expect(style.nonce).toBe('n0nce')
    expect(root.querySelector('link')).toBeNull()
    expect(styled).toHaveBeenCalledTimes(1)
  })

  it("falls back to a <link> with the nonce only where the page's policy refuses the <style> (it gets no sheet)", () => {
    vi.stubGlobal('CSSStyleSheet', class {})
    vi.spyOn(HTMLStyleElement.prototype, 'sheet', 'get').mockReturnValue(null)
    const root = shadowRoot()
    const styled = vi.fn()
    adoptAppStyles(root, CSS, HREF, 'n0nce', styled)
    expect(root.querySelector('style')).toBeNull()
    const link = root.querySelector('link') as HTMLLinkElement
    expect(link.rel).toBe('stylesheet')
    expect(link.href).toBe(HREF)
    expect(link.nonce).toBe('n0nce')
    // The panel waits for the file (the test DOM may report the load itself: once either way).
    link.onload?.(new Event('load'))
    expect(styled).toHaveBeenCalled()
  })
})

describe('mounting the app without constructed stylesheets', () => {
  it('shows the panel and the close icon at once with the <style>, and only once widget-app.css has loaded where that is refused', () => {
    vi.stubGlobal('CSSStyleSheet', class {})
    const inline = mountWidget()
    expect(inline.launcher.root.querySelector('style')).not.toBeNull()
    expect(inline.container.hidden).toBe(false)
    expect(inline.launcher.button.querySelector('.icon-close')).not.toBeNull()
    inline.controller.destroy()

    vi.spyOn(HTMLStyleElement.prototype, 'sheet', 'get').mockReturnValue(null)
    // What shows when the link goes in (the test DOM may report its load at once).
    const whenLinked: { panelHidden: boolean; closeIcon: boolean }[] = []
    const append = ShadowRoot.prototype.append
    vi.spyOn(ShadowRoot.prototype, 'append').mockImplementation(function (
      this: ShadowRoot,
      ...nodes: (Node | string)[]
    ) {
      if (
        nodes.some((node) => node instanceof HTMLLinkElement && /widget-app\.css$/.test(node.href))
      ) {
        whenLinked.push({
          panelHidden: (this.querySelector('.parley-app') as HTMLElement).hidden,
          closeIcon: this.querySelector('.icon-close') !== null,
        })
      }
      append.apply(this, nodes)
    })
    const linked = mountWidget()
    // Only the launcher's own <style> (createLauncher's fallback) is left: the app's refused one is gone.
    expect(linked.launcher.root.querySelectorAll('style')).toHaveLength(1)
    const link = linked.launcher.root.querySelector(
      'link[href$="/widget-app.css"]',
    ) as HTMLLinkElement
    expect(link.nonce).toBe('')
    expect(whenLinked).toEqual([{ panelHidden: true, closeIcon: false }])
    link.onload?.(new Event('load'))
    expect(linked.container.hidden).toBe(false)
    expect(linked.launcher.button.querySelector('.icon-close')).not.toBeNull()
    linked.controller.destroy()
  })
})
