// The app's entry: the API client, the router and the strings, handed down (no singletons).
import { render } from 'preact'
import { createApiClient } from './api/client'
import { App } from './app/App'
import { createRouter } from './app/router'
import { stringsFor } from './i18n'
import './styles/app.css'
import './styles/layout.css'
import './styles/inbox.css'

const strings = stringsFor(navigator.language)
document.documentElement.lang = 'en'
render(
  <App api={createApiClient()} router={createRouter()} strings={strings} />,
  document.getElementById('app') as HTMLElement,
)
