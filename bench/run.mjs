// `npm run bench`: measurements side by side in one run on the local runtime. Not a test: it
// prints numbers and ratios, and asserts nothing.
import { benchApi } from './api.mjs'
import { benchBoard } from './board.mjs'
import { benchContacts } from './contacts.mjs'
import { benchDashboard } from './dashboard.mjs'
import { benchLayers } from './layers.mjs'
import { benchLive } from './live.mjs'
import { benchReports } from './reports.mjs'
import { benchScale } from './scale.mjs'
import { benchShards } from './shards.mjs'
import { benchWebhooks } from './webhooks.mjs'
import { benchWidget } from './widget.mjs'
import { startWorker } from './worker.mjs'

const only = process.argv.slice(2)
const sections = [
  ['Application API', benchApi],
  ['Read-path layers', benchLayers],
  ['Live conversations', benchLive],
  ['Webhooks', benchWebhooks],
  ['Contacts', benchContacts],
  ['Funnel board', benchBoard],
  ['Reports', benchReports],
  ['Scale-out', benchShards],
  ['Widget', benchWidget],
  ['Agent inbox', benchDashboard],
  // Seeds a million rows: only when asked for (`npm run bench -- scale`), never in the default run.
  ['Scale', benchScale, { onlyWhenNamed: true }],
]

/** An argument names a section exactly (`scale`), else every section whose title holds it. */
const matches = (title, arg) =>
  title.toLowerCase() === arg ||
  (!sections.some(([other]) => other.toLowerCase() === arg) && title.toLowerCase().includes(arg))

const worker = await startWorker()
try {
  for (const [title, run, options] of sections) {
    const named = only.some((o) => matches(title, o))
    if ((only.length > 0 || options?.onlyWhenNamed) && !named) continue
    console.log(`\n# ${title}\n`)
    for (const line of await run(worker.base, worker)) console.log(line)
  }
} finally {
  worker.stop()
}
