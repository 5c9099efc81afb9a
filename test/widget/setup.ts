import { cleanup } from '@testing-library/preact'
import { afterEach } from 'vitest'

// The size test runs in node, without a DOM: nothing to set up or clean there.
if (typeof document !== 'undefined') {
  afterEach(() => {
    cleanup()
    document.body.innerHTML = ''
    localStorage.clear()
    sessionStorage.clear()
  })

  // happy-dom leaves focus on an element after it is removed (a browser moves it to <body>), and
  // ShadowRoot.activeElement then throws. Answer null there, as a browser would.
  const activeElement = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'activeElement')
  Object.defineProperty(ShadowRoot.prototype, 'activeElement', {
    configurable: true,
    get(this: ShadowRoot) {
      try {
        return activeElement?.get?.call(this) ?? null
      } catch {
        return null
      }
    },
  })
}
