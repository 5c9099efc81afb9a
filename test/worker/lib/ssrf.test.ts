import { describe, expect, it } from 'vitest'
import { checkWebhookUrl, isPublicIp, parseAllowedHosts } from '../../../worker/lib/ssrf'

const refused = (url: string, allowed = '') => {
  const result = checkWebhookUrl(url, allowed)
  expect(result.ok, url).toBe(false)
  return result.ok ? '' : result.reason
}
const accepted = (url: string, allowed = '') =>
  expect(checkWebhookUrl(url, allowed)).toEqual({ ok: true })

describe('checkWebhookUrl', () => {
  it('accepts https to a public host name on 443 or 8443', () => {
    accepted('https://hooks.example.com/parley')
    accepted('https://hooks.example.com:443/x?y=1')
    accepted('https://hooks.example.com:8443/x')
  })

  it('refuses plain http to a public host, and other schemes', () => {
    expect(refused('http://hooks.example.com/parley')).toBe('must use https')
    expect(refused('ftp://hooks.example.com/')).toBe('must use https')
    expect(refused('file:///etc/passwd')).toBe('must use https')
    expect(refused('not a url')).toBe('is not a valid URL')
  })

  it('refuses loopback, private, link-local, CGNAT and unique-local IP literals', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/',
      'https://100.64.0.1/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://192.168.1.1/',
      'https://172.16.0.1/',
      'https://0.0.0.0/',
      'https://[::]/',
    ]) {
      expect(refused(url), url).toBe('must name a host, not an IP address')
    }
  })

  it('refuses IPv4-mapped IPv6 and decimal, hex and octal IPv4 spellings of loopback', () => {
    for (const url of [
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://2130706433/',
      'https://0x7f000001/',
      'https://0x7f.0.0.1/',
      'https://0177.0.0.1/',
      'https://127.1/',
    ]) {
      expect(refused(url), url).toBe('must name a host, not an IP address')
    }
    // Those spellings are refused over http too, before any allow-list lookup could match them.
    expect(refused('http://2130706433/')).toBe('must use https')
  })

  it('refuses even public IP literals: targets must be host names', () => {
    expect(refused('https://8.8.8.8/')).toBe('must name a host, not an IP address')
    expect(refused('https://[2606:4700::1111]/')).toBe('must name a host, not an IP address')
  })

  it('refuses localhost and local or internal names', () => {
    for (const url of [
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      'https://printer.local/',
      'https://metadata.google.internal/',
    ]) {
      expect(refused(url), url).toBe('must not point to a local or internal host')
    }
    expect(refused('https://intranet/')).toBe('must be a public host name')
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
    expect(refused('https://127.0.0.2/', '127.0.0.1')).toBe('must name a host, not an IP address')
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

describe('isPublicIp', () => {
  it('treats every special-purpose range as not public', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '::1',
      '[::1]',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      'fe80::1',
      'febf::1',
      '100.64.0.1',
      '100.127.255.255',
      'fc00::1',
      'fd12:3456::1',
      '0.0.0.0',
      '0.1.2.3',
      '::',
      '224.0.0.1',
      '239.255.255.250',
      'ff02::1',
      '255.255.255.255',
      '240.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '2001:db8::1',
      'not an ip',
      '1.2.3',
      '256.1.1.1',
    ]) {
      expect(isPublicIp(address), address).toBe(false)
    }
  })

  it('treats global unicast addresses as public', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.15.255.255',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '[2a00:1450::200e]',
    ]) {
      expect(isPublicIp(address), address).toBe(true)
    }
  })
})
