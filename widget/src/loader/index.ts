import { type LoaderWindow, startLoader } from './start'

startLoader({
  window: window as LoaderWindow,
  script: document.currentScript as HTMLScriptElement | null,
})
