import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { log, redactSecrets } from '../../../worker/lib/log'

let lines: { method: string; text: string }[] = []
beforeEach(() => {
  lines = []
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push({ method, text: args.map(String).join(' ') })
    })
  }
})
afterEach(() => {
  vi.restoreAllMocks()
})

const parsed = () => lines.map((line) => JSON.parse(line.text) as Record<string, unknown>)

describe('log', () => {
  it('writes one JSON line per call starting with its level, then msg and request_id', () => {
    log.info('request refused', { request_id: 'ray-1', status: 404 })
    log.warn('event publish failed', { accountId: 3 })
    log.error('sweep failed', { request_id: 'ray-2' })
    expect(lines.map((line) => line.method)).toEqual(['info', 'warn', 'error'])
    expect(lines.map((line) => line.text.slice(0, 17))).toEqual([
      '{"level":"info","',
      '{"level":"warn","',
      '{"level":"error",',
    ])
    expect(parsed()).toEqual([
      { level: 'info', msg: 'request refused', request_id: 'ray-1', status: 404 },
      { level: 'warn', msg: 'event publish failed', accountId: 3 },
      { level: 'error', msg: 'sweep failed', request_id: 'ray-2' },
    ])
    expect(Object.keys(parsed()[0] ?? {})).toEqual(['level', 'msg', 'request_id', 'status'])
  })

  it('keeps its own level and msg when the fields name them too', () => {
    log.info('poison message', { level: 'error', msg: 'other' })
    expect(parsed()).toEqual([{ level: 'info', msg: 'poison message' }])
  })

  it('replaces the values of secret keys, nested and in any case, by [redacted]', () => {
    log.error('sign-in failed', {
      password: 'hunter2',
      body: {
        current_password: 'hunter3',
        contact: { source_id: 'abc', Pubsub_Token: 'def', identifier_hash: 'ghi' },
        inboxes: [{ hmac_token: 'jkl', name: 'Support' }],
      },
      headers: { Authorization: 'Bearer x', cookie: 'parley_session=y', api_access_token: 'z' },
      webhook: { secret: 's', 'x-parley-signature': 'sig', access_token: 't', token: 'u' },
      accountId: 7,
    })
    expect(parsed()).toEqual([
      {
        level: 'error',
        msg: 'sign-in failed',
        password: '[redacted]',
        body: {
          current_password: '[redacted]',
          contact: {
            source_id: '[redacted]',
            Pubsub_Token: '[redacted]',
            identifier_hash: '[redacted]',
          },
          inboxes: [{ hmac_token: '[redacted]', name: 'Support' }],
        },
        headers: {
          Authorization: '[redacted]',
          cookie: '[redacted]',
          api_access_token: '[redacted]',
        },
        webhook: {
          secret: '[redacted]',
          'x-parley-signature': '[redacted]',
          access_token: '[redacted]',
          token: '[redacted]',
        },
        accountId: 7,
      },
    ])
  })

  it('cuts credential-like values from every field but the request id', () => {
    const requestId = '8f1e2d3c4b5a6978-CDG'
    log.info('request refused', {
      request_id: requestId,
      path: '/public/api/v1/inboxes/knxf6BzZyi_JCfagWEyQMyIaJHbED/contacts',
      nested: { note: 'token AbCdEfGhIjKlMnOpQrStUvWx' },
    })
    expect(parsed()).toEqual([
      {
        level: 'info',
        msg: 'request refused',
        request_id: requestId,
        path: '/public/api/v1/inboxes/[redacted]/contacts',
        nested: { note: 'token [redacted]' },
      },
    ])
  })

  it('describes an error as its text, with its secrets cut', () => {
    const error = new Error('Failed query: select 1 params: 040a19b3-cd5e-406b-b73c-8535c36c7783')
    log.error('job failed', { error, nested: { reason: new TypeError('boom') } })
    expect(parsed()).toEqual([
      {
        level: 'error',
        msg: 'job failed',
        error: 'Error: Failed query: select 1 params: [redacted]',
        nested: { reason: 'TypeError: boom' },
      },
    ])
  })

  it('writes a line for fields it cannot serialise as they are', () => {
    const loop: Record<string, unknown> = { name: 'loop' }
    loop.self = loop
    log.warn('odd fields', { loop, big: 10n })
    expect(parsed()).toEqual([
      { level: 'warn', msg: 'odd fields', loop: { name: 'loop', self: '[circular]' }, big: '10' },
    ])
  })
})

describe('redactSecrets', () => {
  it('cuts tokens, UUIDs, hashes and webhook secrets and leaves names and numbers', () => {
    const text =
      'Failed query: select * from contact_inboxes where source_id = ? params: ' +
      '040a19b3-cd5e-406b-b73c-8535c36c7783,knxf6BzZyi_JCfagWEyQMyIaJHbED-9VUwsnYavS5w4,' +
      'AbCdEfGhIjKlMnOpQrStUvWx,whsec_aGVsbG8gd29ybGQ=,42,conversation_display_id'
    expect(redactSecrets(text)).toBe(
      'Failed query: select * from contact_inboxes where source_id = ? params: ' +
        '[redacted],[redacted],[redacted],whsec_[redacted],42,conversation_display_id',
    )
  })
})
