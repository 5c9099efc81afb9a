// `npm run bench`: measurements side by side in one run on the local runtime. Not a test: it
// prints numbers and ratios, and asserts nothing.
import { benchApi } from './api.mjs'
import { benchBoard } from './board.mjs'
import { benchContacts } from './contacts.mjs'
import { benchDashboard } from './dashboard.mjs'
import { benchLayers } from './layers.mjs'
import { benchLive } from './live.mjs'
import { benchReports } from './reports.mjs'
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
]

const worker = await startWorker()
try {
  for (const [title, run] of sections) {
    if (only.length > 0 && !only.some((o) => title.toLowerCase().includes(o))) continue
    console.log(`\n# ${title}\n`)
    for (const line of await run(worker.base, worker)) console.log(line)
  }
} finally {
  worker.stop()
}
