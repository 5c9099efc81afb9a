import { describe, expect, it } from 'vitest'
import type { Locale, Strings } from '../../../widget/src/i18n'
import { es } from '../../../widget/src/i18n/es'
import type { WidgetContext } from '../../../widget/src/store/context'
import { loadLanguages } from '../../../widget/src/store/languages'
import { createWidgetState } from '../../../widget/src/store/state'
import { fakeEnv } from '../helpers'

/** A context whose language fetches the test settles by hand. */
function languageContext(locale: string) {
  const state = createWidgetState({ settings: { locale } })
  const requests: { lang: Locale; resolve(s: Strings): void; reject(e: Error): void }[] = []
  const events: { event: string; detail: unknown }[] = []
  const env = fakeEnv()
  env.loadStrings = (lang) =>
    new Promise((resolve, reject) => requests.push({ lang, resolve, reject }))
  const ctx = { state, env, emit: (event, detail) => events.push({ event, detail }) } as Pick<
    WidgetContext,
    'state' | 'env' | 'emit'
  > as WidgetContext
  return { state, requests, events, dispose: loadLanguages(ctx) }
}

describe('languages on demand', () => {
  it('shows English until the wanted language arrives, then switches, fetching it once', async () => {
    const { state, requests, dispose } = languageContext('es')
    expect(requests.map((r) => r.lang)).toEqual(['es'])
    expect(state.wantedLang.value).toBe('es')
    expect(state.lang.value).toBe('en')
    expect(state.t.value.launcher.close).toBe('Close chat')

    requests[0]?.resolve(es)
    await Promise.resolve()
    expect(state.lang.value).toBe('es')
    expect(state.t.value.launcher.close).toBe('Cerrar chat')

    state.locale.value = 'en'
    state.locale.value = 'es_MX'
    expect(requests).toHaveLength(1)
    expect(state.t.value.launcher.close).toBe('Cerrar chat')
    dispose()
  })

  it('needs no fetch for English', () => {
    const { requests, state, dispose } = languageContext('en')
    expect(requests).toHaveLength(0)
    expect(state.lang.value).toBe('en')
    dispose()
  })

  it('keeps English and reports an error when a language cannot be fetched, and tries again later', async () => {
    const { state, requests, events, dispose } = languageContext('ar')
    requests[0]?.reject(new Error('Could not load https://chat.example.test/widget-locale-ar.js'))
    await Promise.resolve()
    await Promise.resolve()
    expect(state.lang.value).toBe('en')
    expect(state.t.value.dir).toBe('ltr')
    expect(events).toEqual([
      {
        event: 'error',
        detail: { message: 'Could not load https://chat.example.test/widget-locale-ar.js' },
      },
    ])
    state.locale.value = 'en'
    state.locale.value = 'ar'
    expect(requests.map((r) => r.lang)).toEqual(['ar', 'ar'])
    dispose()
  })
})
