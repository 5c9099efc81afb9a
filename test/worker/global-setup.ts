import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'
import { startNodeChecks } from './node-checks'
import { startSmtpReceiver } from './smtp-receiver'

/**
 * A real webhook receiver on loopback, started in Node before the workerd tests. Each endpoint
 * name keeps its own script of answers and its log of what arrived.
 *   POST /hook/:name          answer by the script (default 200), record headers and body
 *   PUT  /script/:name        JSON list of answers: {status?, delayMs?, location?, retryAfter?}
 *   GET  /received/:name      what arrived, oldest first
 */
type Answer = { status?: number; delayMs?: number; location?: string; retryAfter?: string }
type Received = { headers: Record<string, string>; body: string; at: number; status: number }

const scripts = new Map<string, Answer[]>()
const received = new Map<string, Received[]>()

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = ''
    req.on('data', (chunk) => {
      data += chunk
    })
    req.on('end', () => resolve(data))
  })

export default async function setup(project: TestProject) {
  const server = createServer(async (req, res) => {
    const [, kind, name = ''] = (req.url ?? '').split('/')
    const body = await readBody(req)
    if (kind === 'script' && req.method === 'PUT') {
      scripts.set(name, JSON.parse(body) as Answer[])
      received.set(name, [])
      res.writeHead(204).end()
      return
    }
    if (kind === 'received') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(received.get(name) ?? []))
      return
    }
    if (kind === 'hook') {
      const answer = scripts.get(name)?.shift() ?? {}
      const status = answer.status ?? 200
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      )
      received.set(name, [...(received.get(name) ?? []), { headers, body, at: Date.now(), status }])
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs))
      const out: Record<string, string> = {}
      if (answer.location) out.location = answer.location
      if (answer.retryAfter) out['retry-after'] = answer.retryAfter
      if (!res.destroyed) res.writeHead(status, out).end('{"ok":true}')
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  project.provide('receiverPort', (server.address() as AddressInfo).port)
  const nodeChecks = await startNodeChecks()
  project.provide('nodeChecksPort', nodeChecks.port)
  const smtp = await startSmtpReceiver()
  project.provide('smtpPort', smtp.smtpPort)
  project.provide('smtpReceivedPort', smtp.httpPort)
  return async () => {
    await smtp.close()
    await nodeChecks.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
