// `npm run generate:collection`: a Postman collection (openapi-to-postmanv2) of the document the
// worker serves, set up for the demo `npm start` seeds: {{baseUrl}} http://localhost:8787, the
// api_access_token header from {{api_access_token}}, and {{account_id}} in every account path
// (the values are in .parley/demo.json). With --check it fails when the committed file is stale.
import path from 'node:path'
import { loadDocument, root } from './dump.mjs'
import { writeOrCheck } from './generate-client.mjs'

export const COLLECTION = path.join(root, 'docs', 'parley.postman_collection.json')

const VARIABLES = [
  { key: 'baseUrl', value: 'http://localhost:8787', description: 'Where Parley runs' },
  {
    key: 'api_access_token',
    value: '',
    description: "A user's token (.parley/demo.json: admin.access_token) or a platform app's",
  },
  { key: 'account_id', value: '1', description: '.parley/demo.json: account_id' },
]

/** Math.random from a fixed seed (mulberry32): the faker's choices are the same on every run. */
function seededRandom(seed) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The converter, its schema faker holding a seeded Math.random (it keeps the one it finds). */
async function loadConverter() {
  const random = Math.random
  Math.random = seededRandom(1)
  try {
    return (await import('openapi-to-postmanv2')).default
  } finally {
    Math.random = random
  }
}

async function convert(document) {
  const converter = await loadConverter()
  const options = {
    folderStrategy: 'Tags',
    // The document's examples where it has them; elsewhere the faker's values, made reproducible
    // by its seeded Math.random.
    parametersResolution: 'Example',
    includeAuthInfoInExample: false,
  }
  return new Promise((resolve, reject) =>
    converter.convert({ type: 'json', data: document }, options, (error, result) => {
      if (error) reject(error)
      else if (!result.result) reject(new Error(result.reason))
      else resolve(result.output[0].data)
    }),
  )
}

/** Drops what changes on every run (generated ids) and the faked response examples. */
function tidy(node) {
  if (Array.isArray(node)) return node.map(tidy)
  if (node === null || typeof node !== 'object') return node
  const out = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'id' || key === '_postman_id' || key === 'response') continue
    out[key] = tidy(value)
  }
  // Each request names the demo's account and token through the collection's variables.
  if (out.key === 'account_id' && 'value' in out) out.value = '{{account_id}}'
  if (out.key === 'value' && out.value === '{{apiKey}}') out.value = '{{api_access_token}}'
  return out
}

export async function collection(document) {
  const converted = tidy(await convert(document))
  return `${JSON.stringify({ ...converted, variable: VARIABLES }, null, 2)}\n`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const contents = await collection(await loadDocument())
  writeOrCheck(COLLECTION, contents, 'npm run generate:collection')
}
