// A stand-in for Twilio's REST API on localhost, with no dependencies: what `TWILIO_API_BASE`
// points at in the worker tests (test/worker/vitest.config.ts starts it) and in a local run
// (`node scripts/twilio-stand-in.mjs --auth-token <token>`, then `TWILIO_API_BASE=http://127.0.0.1:4010 npm start`).
//   GET  /2010-04-01/Accounts/{sid}.json           the credential check: 200 with the account;
//        401 for the auth token `wrong-token`, 404 for a SID containing `Missing`, the connection
//        dropped for one containing `Down` (Twilio unreachable)
//   GET  /media/{name}?bytes=N&type=T   an MMS's media (N bytes of T), only with basic auth
//   POST /2010-04-01/Accounts/{sid}/Messages.json  a send: printed, recorded, answered by the
//        account's script (default 201 with a new MessageSid); with an auth token, the message's
//        StatusCallback then gets a signed `sent` and `delivered`, as Twilio posts them
//   PUT  /__script/{sid}    JSON list of answers for that account's next sends:
//        {status?, retryAfter?, body?} (body: the JSON answered, e.g. Twilio's {code, message})
//   GET  /__received/{sid} what that account's sends carried, oldest first
import { createHmac, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'

/** Twilio's signature: HMAC-SHA1 with the auth token over the URL and the sorted params, base64. */
export function twilioSignature(authToken, url, params) {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url)
  return createHmac('sha1', authToken).update(data).digest('base64')
}

/** The password of a request's basic auth (the auth token), or null without one. */
const authPassword = (req) => {
  const header = req.headers.authorization ?? ''
  if (!header.startsWith('Basic ')) return null
  return Buffer.from(header.slice(6), 'base64').toString().split(':').slice(1).join(':')
}

const readBody = (req) =>
  new Promise((resolve) => {
    let data = ''
    req.on('data', (chunk) => {
      data += chunk
    })
    req.on('end', () => resolve(data))
  })

/** Posts one signed status callback, as Twilio does (form-encoded, X-Twilio-Signature). */
export async function postStatus(callbackUrl, authToken, params) {
  const res = await fetch(callbackUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, callbackUrl, params),
    },
    body: new URLSearchParams(params).toString(),
  })
  return res.status
}

/**
 * Starts the stand-in on `port` (0: any free one); resolves to the server and its base URL.
 * `authToken`: sign status callbacks with it and post them after each accepted send.
 */
export async function startTwilioStandIn({ port = 0, authToken = null, quiet = false } = {}) {
  const scripts = new Map()
  const received = new Map()
  const say = (line) => {
    if (!quiet) console.log(line)
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const body = await readBody(req)
    const json = (status, value, headers = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(value))
    }
    const control = url.pathname.match(/^\/__(script|received)\/([^/]+)$/)
    if (control?.[1] === 'script' && req.method === 'PUT') {
      scripts.set(control[2], JSON.parse(body))
      received.set(control[2], [])
      return json(200, { ok: true })
    }
    if (control?.[1] === 'received') return json(200, received.get(control[2]) ?? [])
    const account = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\.json$/)
    if (account && req.method === 'GET') {
      // Twilio's refusals of the credential check, by the SID or token asked about.
      if (account[1].includes('Down')) return void req.socket.destroy()
      if (account[1].includes('Missing'))
        return json(404, { code: 20404, message: 'The requested resource was not found' })
      if (authPassword(req) === 'wrong-token')
        return json(401, { code: 20003, message: 'Authenticate' })
      return json(200, { sid: account[1], status: 'active', friendly_name: 'Stand-in account' })
    }
    // An MMS's media, as Twilio serves it to the account's basic auth only.
    if (url.pathname.startsWith('/media/') && req.method === 'GET') {
      if (authPassword(req) === null) return json(401, { code: 20003, message: 'Authenticate' })
      const content = Buffer.alloc(Number(url.searchParams.get('bytes') ?? '64'), 7)
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(content)
      res.writeHead(200, { 'content-type': url.searchParams.get('type') ?? 'image/png' })
      return void res.end(content)
    }
    const send = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/)
    if (!send || req.method !== 'POST') return json(404, { code: 20404, message: 'Not found' })
    const sid = send[1]
    const params = Object.fromEntries(new URLSearchParams(body))
    const media = new URLSearchParams(body).getAll('MediaUrl')
    const answer = scripts.get(sid)?.shift() ?? {}
    const status = answer.status ?? 201
    const messageSid = `SM${randomBytes(16).toString('hex')}`
    const log = received.get(sid) ?? []
    log.push({ params, media, authorization: req.headers.authorization ?? '', status })
    received.set(sid, log)
    say(
      `twilio stand-in: ${status} ${params.From ?? params.MessagingServiceSid} -> ${params.To}: ${JSON.stringify(params.Body ?? '')}${media.length ? ` (+${media.length} media)` : ''}`,
    )
    if (status >= 300) {
      const headers = answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}
      return json(status, answer.body ?? { code: 20500, message: 'Stand-in error' }, headers)
    }
    json(
      201,
      answer.body ?? { sid: messageSid, status: 'queued', to: params.To, body: params.Body },
    )
    if (authToken && params.StatusCallback) {
      for (const MessageStatus of ['sent', 'delivered']) {
        // As Twilio: a moment after the send, naming the sender (our number or the service).
        await new Promise((resolve) => setTimeout(resolve, 500))
        const callback = {
          AccountSid: sid,
          MessageSid: messageSid,
          MessageStatus,
          To: params.To ?? '',
        }
        if (params.From) callback.From = params.From
        if (params.MessagingServiceSid) callback.MessagingServiceSid = params.MessagingServiceSid
        const answered = await postStatus(params.StatusCallback, authToken, callback).catch(
          (error) => `unreachable (${error.message})`,
        )
        say(`twilio stand-in: status ${MessageStatus} for ${messageSid} -> ${answered}`)
      }
    }
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { server, base: `http://127.0.0.1:${server.address().port}` }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const at = process.argv.indexOf(name)
    return at > 0 ? process.argv[at + 1] : undefined
  }
  const { base } = await startTwilioStandIn({
    port: Number(arg('--port') ?? 4010),
    authToken: arg('--auth-token') ?? null,
  })
  console.log(`twilio stand-in on ${base} (TWILIO_API_BASE=${base})`)
}
