import { INBOX_COLOR } from './baked'
import { type LoaderWindow, startLoader } from './start'

startLoader({
  window: window as LoaderWindow,
  script: document.currentScript as HTMLScriptElement | null,
  color: INBOX_COLOR,
})
