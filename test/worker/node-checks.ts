import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * Checks the workerd tests cannot make themselves (they read no files and start no processes),
 * served to them on loopback by global-setup.ts and run only when asked:
 *   GET /deploy-bundle   what `wrangler deploy --dry-run` would upload, and any benchmark code in it
 *   GET /bench-bundle    the same for the benchmark's config, which must show its code
 *   GET /bench-config    production's bindings that bench/wrangler.toml does not declare
 *   GET /twilio-signatures  webhook signatures made by Twilio's helper library (the `twilio` package)
 */
const root = path.resolve(import.meta.dirname, '../..')
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler')

/** Text that only the benchmark's code (bench/worker) contains. */
export const BENCH_MARKERS = [
  'BenchRoom',
  'bench-room',
  'BENCH_ROOM',
  '/bench/',
  'x-d1-round-trips',
]

async function bundleOf(config: string) {
  const outdir = await mkdtemp(path.join(tmpdir(), 'parley-deploy-'))
  // The widget's build is not needed to bundle the Worker: an empty assets directory stands in.
  const assets = await mkdtemp(path.join(tmpdir(), 'parley-assets-'))
  try {
    await promisify(execFile)(
      wrangler,
      ['deploy', '--config', config, '--dry-run', '--outdir', outdir, '--assets', assets],
      { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
    )
    const files = await readdir(outdir)
    const found: string[] = []
    for (const file of files) {
      const text = await readFile(path.join(outdir, file), 'utf8')
      for (const marker of BENCH_MARKERS)
        if (text.includes(marker)) found.push(`${file}: ${marker}`)
    }
    return { files, found }
  } finally {
    await rm(outdir, { recursive: true, force: true })
    await rm(assets, { recursive: true, force: true })
  }
}

/**
 * Every binding, variable and runtime setting of a wrangler config, as `kind name` strings, read
 * by wrangler itself in a child process (importing wrangler here would stall the test run).
 */
const DECLARED = `
const { unstable_readConfig } = await import('wrangler')
const c = unstable_readConfig({ config: process.argv[1] })
console.log(JSON.stringify([
  'compatibility_date ' + c.compatibility_date,
  ...c.compatibility_flags.map((f) => 'compatibility_flag ' + f),
  ...c.d1_databases.map((d) => 'd1 ' + d.binding),
  ...c.r2_buckets.map((r) => 'r2 ' + r.binding),
  ...c.durable_objects.bindings.map((d) => 'durable_object ' + d.name + '=' + d.class_name),
  ...(c.queues.producers ?? []).map((q) => 'queue_producer ' + q.binding + '=' + q.queue),
  ...(c.queues.consumers ?? []).map((q) => 'queue_consumer ' + q.queue),
  ...c.ratelimits.map((r) => 'ratelimit ' + r.name),
  ...Object.keys(c.vars).map((name) => 'var ' + name),
  ...(c.assets?.binding ? ['assets ' + c.assets.binding] : []),
  ...(c.triggers.crons ?? []).map((cron) => 'cron ' + cron),
]))
`

async function declaredIn(configPath: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', DECLARED, configPath],
    { cwd: root },
  )
  return JSON.parse(stdout)
}

async function benchConfig() {
  const [bench, production] = await Promise.all([
    declaredIn(path.join(root, 'bench', 'wrangler.toml')),
    declaredIn(path.join(root, 'wrangler.toml')),
  ])
  return { missing: production.filter((entry) => !bench.includes(entry)) }
}

/** Webhook requests like Twilio's, for worker/lib/twilio-signature.ts to check against. */
const TWILIO_CASES: { authToken: string; url: string; params: Record<string, string> }[] = [
  {
    authToken: '12345',
    url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
    params: {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    },
  },
  {
    authToken: 'f3e1c0ffee0123456789abcdef012345',
    url: 'https://parley.example/twilio/callback',
    params: {
      AccountSid: 'AC0123456789abcdef0123456789abcdef',
      Body: 'Héllo ünïcode & = + %20 ✓',
      From: 'whatsapp:+14155550100',
      MediaUrl0: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
      MessageSid: 'SM0123456789abcdef0123456789abcdef',
      NumMedia: '1',
      ProfileName: 'Zoë',
      To: 'whatsapp:+14155550199',
      a: 'lowercase sorts after capitals',
    },
  },
  { authToken: 'token', url: 'http://localhost:8787/twilio/delivery_status', params: {} },
]

/** Signatures made by Twilio's own helper library for TWILIO_CASES. */
async function twilioSignatures() {
  const { default: twilio } = await import('twilio')
  return TWILIO_CASES.map((c) => ({
    ...c,
    signature: twilio.getExpectedTwilioSignature(c.authToken, c.url, c.params),
  }))
}

const checks: Record<string, () => Promise<unknown>> = {
  '/twilio-signatures': twilioSignatures,
  '/deploy-bundle': () => bundleOf(path.join(root, 'wrangler.toml')),
  '/bench-bundle': () => bundleOf(path.join(root, 'bench', 'wrangler.toml')),
  '/bench-config': benchConfig,
}

export async function startNodeChecks() {
  const server = createServer(async (req, res) => {
    const check = checks[req.url ?? '']
    if (!check) return void res.writeHead(404).end()
    try {
      const body = JSON.stringify(await check())
      res.writeHead(200, { 'content-type': 'application/json' }).end(body)
    } catch (error) {
      res.writeHead(500).end(String((error as Error).stack ?? error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
