// The app's entry: the API client, the router and the strings, handed down (no singletons).
import { render } from 'preact'
import { createApiClient } from './api/client'
import { App } from './app/App'
import { createRouter } from './app/router'
import { registerServiceWorker } from './app/service-worker'
import { chooseLocale, en, loadStrings } from './i18n'
import './styles/app.css'
import './styles/layout.css'
import './styles/inbox.css'
import './styles/phone.css'

registerServiceWorker()

// Before anyone signs in, the browser's language; App switches to the agent's own choice (the
// profile's ui_settings) once the profile is read.
const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language]
const chosen = chooseLocale(null, browserLanguages)
void loadStrings(chosen)
  .then((strings) => ({ locale: chosen, strings }))
  // Its chunk did not load: English, which ships in this one.
  .catch(() => ({ locale: 'en' as const, strings: en }))
  .then(({ locale, strings }) => {
    document.documentElement.lang = locale
    render(
      <App
        api={createApiClient()}
        router={createRouter()}
        strings={strings}
        locale={locale}
        browserLanguages={browserLanguages}
      />,
      document.getElementById('app') as HTMLElement,
    )
  })
