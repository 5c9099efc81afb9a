import { describe, expect, it } from 'vitest'
import { chooseLocale, en, loadStrings } from '../../../dashboard/src/i18n'
import { es } from '../../../dashboard/src/i18n/es'

describe('the dashboard language', () => {
  it("is the agent's own choice in the profile's ui_settings, before the browser's", () => {
    expect(chooseLocale({ locale: 'es' }, ['en-US'])).toBe('es')
    expect(chooseLocale({ locale: 'en' }, ['es-MX'])).toBe('en')
  })

  it("is the browser's first language the dashboard speaks when the agent chose none", () => {
    expect(chooseLocale({}, ['fr-FR', 'es-MX', 'en'])).toBe('es')
    expect(chooseLocale({ locale: '' }, ['es'])).toBe('es')
    expect(chooseLocale(null, ['es_ES'])).toBe('es')
  })

  it('is English when nothing known is asked for', () => {
    expect(chooseLocale({ locale: 'de' }, ['fr', 'ja'])).toBe('en')
    expect(chooseLocale(undefined)).toBe('en')
  })

  it('loads the strings of the chosen language', async () => {
    expect(await loadStrings('es')).toBe(es)
    expect(await loadStrings('en')).toBe(en)
  })
})
