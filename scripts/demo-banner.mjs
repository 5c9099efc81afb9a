// The demo's sign-ins and addresses, as `npm start` prints them last and `npm run demo` prints
// them again at any time (from `.parley/demo.json`, which the seed writes). Plain ESM for Node 20.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const DEMO_FILE = path.join(root, '.parley', 'demo.json')

/** The banner for a seeded demo served on `baseUrl`. */
export function demoBanner(demo, baseUrl) {
  return `
  Parley is running on ${baseUrl}

  Demo page (widget)   ${baseUrl}/
  Agent inbox          ${demo.dashboard_url}   (sign in as the agent or administrator below)
  API reference        ${baseUrl}/docs   (OpenAPI: ${baseUrl}/openapi.json)

  Platform token       ${demo.platform_token}
  Account id           ${demo.account_id}
  Administrator        ${demo.admin.email}  password ${demo.admin.password}  token ${demo.admin.access_token}
  Agent                ${demo.agent.email}  password ${demo.agent.password}  token ${demo.agent.access_token}
  Website inbox        id ${demo.website_inbox.id}  identifier ${demo.website_inbox.identifier}
  API inbox            id ${demo.api_inbox.id}  identifier ${demo.api_inbox.identifier}
  Email inbox          id ${demo.email_inbox.id}  forwarding address ${demo.email_inbox.forward_to_email}

  Saved to .parley/demo.json; \`npm run demo\` prints this again. Stop with Ctrl+C.
`
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(DEMO_FILE)) {
    console.error('No demo yet: `npm start` seeds one and saves it to .parley/demo.json.')
    process.exit(1)
  }
  const demo = JSON.parse(readFileSync(DEMO_FILE, 'utf8'))
  const baseUrl = new URL(demo.dashboard_url).origin
  console.log(demoBanner(demo, baseUrl))
}
