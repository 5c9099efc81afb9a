import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  checkOutboundUrl,
  guardedFetch,
  isPublicIp,
  parseAllowedHosts,
  RefusedUrl,
} from '../../../worker/lib/ssrf'
import { receivedBy, scriptReceiver } from '../receiver'
import { RANGES } from './special-purpose-ranges'

const IP_REASON = 'must not be a private or special-purpose IP address'

const refused = (url: string, allowed = '') => {
  const result = checkOutboundUrl(url, allowed)
  expect(result.ok, url).toBe(false)
  return result.ok ? '' : result.reason
}
const accepted = (url: string, allowed = '') =>
  expect(checkOutboundUrl(url, allowed), url).toEqual({ ok: true })

describe('isPublicIp', () => {
  it.each(RANGES)('refuses all of $range and accepts the public addresses beside it', (row) => {
    for (const address of row.inside) expect(isPublicIp(address), address).toBe(false)
    for (const address of row.outside) expect(isPublicIp(address), address).toBe(true)
  })

  it('reads every URL spelling of an IPv4 address, and brackets and zones of IPv6', () => {
    for (const address of [
      '2130706433',
      '0177.0.0.1',
      '0x7f.0.0.1',
      '0x7f000001',
      '127.1',
      '127.0.0.1.',
      '0xa9.0xfe.0xa9.0xfe',
      '169.254.43518',
      '[::1]',
      '[::ffff:127.0.0.1]',
      'fe80::1%eth0',
    ]) {
      expect(isPublicIp(address), address).toBe(false)
    }
    for (const address of ['134744072', '0x08080808', '8.8.2056', '[2606:4700::1111]']) {
      expect(isPublicIp(address), address).toBe(true)
    }
  })

  it('treats anything that is not an address as not public', () => {
    for (const address of [
      '',
      'not an ip',
      'example.com',
      '256.1.1.1',
      '1.2.3.4.5',
      '08.0.0.1',
      '0x100000000',
      '::ffff:1.2.3.999',
      ':::1',
      '1:2:3:4:5:6:7:8:9',
      'gggg::1',
    ]) {
      expect(isPublicIp(address), address).toBe(false)
    }
  })
})

describe('checkOutboundUrl', () => {
  it('accepts https to a public host name or public IP address on 443 or 8443', () => {
    accepted('https://hooks.example.com/parley')
    accepted('https://hooks.example.com.:443/x?y=1')
    accepted('https://hooks.example.com:8443/x')
    accepted('https://8.8.8.8/')
    accepted('https://134744072/')
    accepted('https://[2606:4700::1111]/')
    accepted('https://[::ffff:8.8.8.8]/')
  })

  it('refuses plain http to a public host, and other schemes', () => {
    expect(refused('http://hooks.example.com/parley')).toBe('must use https')
    expect(refused('http://8.8.8.8/')).toBe('must use https')
    expect(refused('ftp://hooks.example.com/')).toBe('must use https')
    expect(refused('file:///etc/passwd')).toBe('must use https')
    expect(refused('not a url')).toBe('is not a valid URL')
  })

  it('gets the IPv4 and IPv6 spellings already normalised by the URL parser in workerd', () => {
    expect(new URL('https://2130706433/').hostname).toBe('127.0.0.1')
    expect(new URL('https://0177.0.0.1/').hostname).toBe('127.0.0.1')
    expect(new URL('https://0x7f.1/').hostname).toBe('127.0.0.1')
    expect(new URL('https://%31%32%37.0.0.1/').hostname).toBe('127.0.0.1')
    expect(new URL('https://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]')
    expect(new URL('https://[0:0:0:0:0:0:0:1]/').hostname).toBe('[::1]')
    // A trailing dot is kept on names and dropped from addresses.
    expect(new URL('https://localhost./').hostname).toBe('localhost.')
    expect(new URL('https://127.0.0.1./').hostname).toBe('127.0.0.1')
  })

  it('refuses every spelling of a special-purpose IP address', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0177.0.0.1/',
      'https://0x7f.0.0.1/',
      'https://0x7f000001/',
      'https://127.1/',
      'https://127.0.0.1./',
      'https://%31%32%37.0.0.1/',
      'https://0xa9.0xfe.0xa9.0xfe/latest',
      'https://169.254.43518/latest',
      'https://[::1]/',
      'https://[0:0:0:0:0:0:0:1]/',
      'https://[::]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[64:ff9b::127.0.0.1]/',
      'https://[2002:7f00:1::]/',
      'https://198.18.0.1/',
      'https://224.0.0.1/',
      'https://255.255.255.255/',
      'https://[ff02::1]/',
      'https://[2001:db8::1]/',
      'https://[3fff::1]/',
    ]) {
      expect(refused(url), url).toBe(IP_REASON)
    }
    // Those spellings are refused over http too, before any allow-list lookup could match them.
    expect(refused('http://2130706433/')).toBe('must use https')
  })

  it('refuses localhost and local or internal names, with or without the root dot', () => {
    for (const url of [
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      'https://api.localhost./',
      'https://printer.local/',
      'https://metadata.google.internal/',
    ]) {
      expect(refused(url), url).toBe('must not point to a local or internal host')
    }
    expect(refused('https://intranet/')).toBe('must be a public host name')
    expect(refused('https://intranet./')).toBe('must be a public host name')
  })

  it('refuses credentials in the URL', () => {
    expect(refused('https://user:pass@hooks.example.com/')).toBe('must not contain credentials')
    expect(refused('https://user@hooks.example.com/')).toBe('must not contain credentials')
    expect(refused('https://user:pass@127.0.0.1:9999/', '127.0.0.1')).toBe(
      'must not contain credentials',
    )
  })

  it('refuses ports other than 443 and 8443 for hosts not on the allow-list', () => {
    expect(refused('https://hooks.example.com:22/')).toBe('must use port 443 or 8443')
    expect(refused('https://hooks.example.com:6379/')).toBe('must use port 443 or 8443')
    expect(refused('https://8.8.8.8:25/')).toBe('must use port 443 or 8443')
  })

  it('lets the operator allow-list through, http and any port included', () => {
    accepted('http://127.0.0.1:9999/hook', '127.0.0.1:9999')
    accepted('http://127.0.0.1:9999/hook', 'localhost, 127.0.0.1')
    accepted('http://localhost:8787/hook', '127.0.0.1,localhost')
    accepted('http://[::1]:3000/', '::1')
    accepted('https://hooks.internal:9000/', 'hooks.internal')
    // A listed port limits the entry to that port.
    expect(refused('http://127.0.0.1:9998/hook', '127.0.0.1:9999')).toBe('must use https')
    // The allow-list names hosts exactly, not their neighbours.
    expect(refused('http://127.0.0.2:9999/', '127.0.0.1')).toBe('must use https')
    expect(refused('https://127.0.0.2/', '127.0.0.1')).toBe(IP_REASON)
    expect(refused('https://[::ffff:127.0.0.1]/', '127.0.0.1')).toBe(IP_REASON)
    // Other spellings of a listed address are the same host once parsed.
    accepted('http://2130706433:9999/', '127.0.0.1')
  })
})

describe('parseAllowedHosts', () => {
  it('reads comma-separated hosts with optional ports, ignoring blanks and junk', () => {
    expect(
      parseAllowedHosts(' localhost , 127.0.0.1:9999,,[::1]:8080,::1,Hooks.Example.COM:80'),
    ).toEqual([
      { host: 'localhost', port: null },
      { host: '127.0.0.1', port: '9999' },
      { host: '::1', port: '8080' },
      { host: '::1', port: null },
      { host: 'hooks.example.com', port: '80' },
    ])
    expect(parseAllowedHosts('')).toEqual([])
    expect(parseAllowedHosts(undefined)).toEqual([])
    expect(parseAllowedHosts('a b,host/path,user@host')).toEqual([])
  })
})

describe('guardedFetch', () => {
  // The test receiver listens on 127.0.0.1, which the tests' WEBHOOK_ALLOWED_HOSTS lists.
  const options = { allowedHosts: '127.0.0.1', timeoutMs: 5000 }
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('refuses a private target without sending anything', async () => {
    const sent = vi.spyOn(globalThis, 'fetch')
    const attempt = guardedFetch('https://169.254.169.254/latest/meta-data', {}, options)
    await expect(attempt).rejects.toBeInstanceOf(RefusedUrl)
    await expect(attempt).rejects.toMatchObject({ reason: IP_REASON })
    expect(sent).not.toHaveBeenCalled()
  })

  it('hands a redirect back unfollowed by default', async () => {
    const target = await scriptReceiver('guard-unfollowed-target')
    const url = await scriptReceiver('guard-unfollowed', [{ status: 302, location: target }])
    const res = await guardedFetch(url, {}, options)
    expect(res.status).toBe(302)
    await res.body?.cancel()
    expect(await receivedBy('guard-unfollowed-target')).toEqual([])
  })

  it('follows a GET redirect to an allowed URL when asked to, checking the new URL', async () => {
    const target = await scriptReceiver('guard-followed-target')
    const url = await scriptReceiver('guard-followed', [{ status: 301, location: target }])
    const res = await guardedFetch(url, {}, { ...options, maxRedirects: 2 })
    expect(res.status).toBe(200)
    await res.body?.cancel()
    expect(await receivedBy('guard-followed-target')).toHaveLength(1)
  })

  it('refuses a redirect to a private address before following it', async () => {
    const metadata = 'https://169.254.169.254/latest/meta-data'
    const url = await scriptReceiver('guard-to-private', [{ status: 307, location: metadata }])
    const sent = vi.spyOn(globalThis, 'fetch')
    const attempt = guardedFetch(url, {}, { ...options, maxRedirects: 3 })
    await expect(attempt).rejects.toMatchObject({ url: metadata, reason: IP_REASON })
    expect(sent).toHaveBeenCalledTimes(1)
  })

  it('never follows the redirect of a POST, and stops after maxRedirects', async () => {
    const target = await scriptReceiver('guard-post-target')
    const post = await scriptReceiver('guard-post', [{ status: 307, location: target }])
    const res = await guardedFetch(
      post,
      { method: 'POST', body: '{}' },
      { ...options, maxRedirects: 3 },
    )
    expect(res.status).toBe(307)
    await res.body?.cancel()
    const loop = await scriptReceiver('guard-loop', [
      { status: 302, location: '/hook/guard-loop' },
      { status: 302, location: '/hook/guard-loop' },
    ])
    const looped = await guardedFetch(loop, {}, { ...options, maxRedirects: 1 })
    expect(looped.status).toBe(302)
    await looped.body?.cancel()
    expect(await receivedBy('guard-loop')).toHaveLength(2)
    expect(await receivedBy('guard-post-target')).toEqual([])
  })
})
