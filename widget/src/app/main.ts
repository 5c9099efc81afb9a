import { APP_EVENT, type MountApp } from '../shared/protocol'
import { mountApp } from './mount'

// The loader listens for this as the script runs (see loader/load-app.ts).
window.dispatchEvent(
  new CustomEvent<MountApp>(APP_EVENT, { detail: (options) => mountApp(options) }),
)
