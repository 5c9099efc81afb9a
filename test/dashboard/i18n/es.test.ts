import { describe, expect, it } from 'vitest'
import { en } from '../../../dashboard/src/i18n'
import { es } from '../../../dashboard/src/i18n/es'

type Table = { [key: string]: unknown }

/** Every string of a table by its dotted path (nested tables and lists flattened). */
function leaves(table: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [key, value] of Object.entries(table as Table)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') found.set(path, value)
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text)
  }
  return found
}

/** Product names, code and symbols, the same in Spanish. */
const SAME_IN_BOTH = [
  'conversation.bot',
  'conversation.moreLabels',
  'conversation.previousItem',
  'crud.no',
  'funnelPanel.placeOption',
  'funnels.days',
  'funnels.hours',
  'funnels.minutes',
  'funnels.total',
  'inboxes.apiChoice',
  'inboxes.channel.api',
  'inboxes.channel.sms',
  'inboxes.mediumSms',
  'inboxes.mediumWhatsapp',
  'inboxes.nodeExample',
  'inboxes.phpExample',
  'inboxes.rubyExample',
  'inboxes.widgetHeading',
  'reports.durationUnits.d',
  'reports.durationUnits.h',
  'reports.durationUnits.s',
  'reports.none',
  'reports.tableCaption',
  'settings.webhooks',
  'shell.appName',
  'webhooks.none',
  'webhooks.secretMasked',
  'webhooks.table',
  'webhooks.thing',
  'webhooks.title',
  'webhooks.url',
]

const slots = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the Spanish dashboard strings', () => {
  const english = leaves(en)
  const spanish = leaves(es)

  it('have exactly the keys of the English ones', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('keep every {slot} of the English string, and add none', () => {
    const mismatched = [...english]
      .filter(([path, text]) => slots(spanish.get(path) ?? '').join() !== slots(text).join())
      .map(([path]) => path)
    expect(mismatched).toEqual([])
  })

  it('are translated: only names, codes and symbols read the same in both', () => {
    const same = [...english].filter(([path, text]) => spanish.get(path) === text).map(([p]) => p)
    expect(same.sort()).toEqual(SAME_IN_BOTH)
  })
})
