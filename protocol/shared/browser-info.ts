// The visitor's browser in Chatwoot's keys: the widget sends it with webwidget.triggered, and the
// worker records it on the conversations the public client API starts. One parser for both.

const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg\/([\d.]+)/],
  ['Firefox', /Firefox\/([\d.]+)/],
  ['Chrome', /Chrome\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
]
const PLATFORMS: [string, RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
]

/** The `browser` object of webwidget.triggered, in Chatwoot's keys. */
export function browserInfo(userAgent: string): Record<string, string> {
  const browser = BROWSERS.find(([, re]) => re.test(userAgent))
  const platform = PLATFORMS.find(([, re]) => re.test(userAgent))
  return {
    browser_name: browser?.[0] ?? 'Unknown',
    browser_version: browser ? (userAgent.match(browser[1])?.[1] ?? '') : '',
    platform_name: platform?.[0] ?? 'Unknown',
    device_name: /Mobi|Android|iPhone/.test(userAgent) ? 'Mobile' : 'Desktop',
  }
}
