// The dashboard's service worker, served at /app/sw.js with scope /app/. The build (the
// service-worker plugin in dashboard/vite.config.ts) fills in SHELL_VERSION and SHELL_FILES.
//
// - Keeps the app's shell (its page and hashed files) in a cache named for the build, so a
//   deploy installs a new worker whose activation drops the old cache.
// - Serves the shell when the network is down, so an installed app still opens.
// - Never caches the API, the live socket or anything but the shell: those are private data.
// - Shows the Web Push notifications the worker sends ({ title, body, url, tag? }) and opens or
//   focuses the dashboard at the notification's url when it is clicked.

const SHELL_VERSION = '__SHELL_VERSION__'
const SHELL_FILES = __SHELL_FILES__
const CACHE_PREFIX = 'parley-shell-'
const CACHE = CACHE_PREFIX + SHELL_VERSION
const SHELL_PAGE = '/app/'

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // One file at a time: a file that fails (a deploy racing the install) must not fail the
      // whole install, as addAll would; it is fetched from the network when asked for.
      .then((cache) =>
        Promise.allSettled([SHELL_PAGE, ...SHELL_FILES].map((file) => cache.add(file))),
      )
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

/** The shell's own files (hashed, so a cached copy is the right one), never the API's. */
function isShellFile(url) {
  return (
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/app/assets/') || url.pathname.startsWith('/app/icons/'))
  )
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (request.mode === 'navigate' && url.origin === self.location.origin) {
    // The page from the network (it names the current build); the kept shell only offline.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(SHELL_PAGE, { cacheName: CACHE }).then((page) => page || Response.error()),
      ),
    )
    return
  }
  if (isShellFile(url)) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then((kept) => kept || fetch(request)),
    )
  }
  // Everything else (the API, the live socket, attachments) goes to the network untouched.
})

/** The push payload's fields, with fallbacks for a payload that is not the expected JSON. */
function readPush(data) {
  let payload = {}
  try {
    payload = data ? data.json() : {}
  } catch {
    payload = { body: data ? data.text() : '' }
  }
  return {
    title: typeof payload.title === 'string' && payload.title ? payload.title : 'Parley',
    body: typeof payload.body === 'string' ? payload.body : '',
    url: typeof payload.url === 'string' && payload.url ? payload.url : SHELL_PAGE,
    tag: typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined,
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data)
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      // A repeat with the same tag replaces the last one, and still tells the agent.
      renotify: push.tag !== undefined,
      icon: '/app/icons/icon-192.png',
      badge: '/app/icons/icon-192.png',
      data: { url: push.url },
    }),
  )
})

/** Only this origin's dashboard: a payload cannot send the agent elsewhere. */
function dashboardUrl(raw) {
  try {
    const url = new URL(raw, self.location.origin)
    if (url.origin === self.location.origin && url.pathname.startsWith('/app')) return url.href
  } catch {}
  return new URL(SHELL_PAGE, self.location.origin).href
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = dashboardUrl(event.notification.data?.url)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const dashboards = tabs.filter((tab) => new URL(tab.url).pathname.startsWith('/app'))
      const exact = dashboards.find((tab) => tab.url === target)
      if (exact) return exact.focus()
      const open = dashboards[0]
      // navigate() works only on a tab this worker controls; otherwise a new one opens.
      if (open)
        return open
          .focus()
          .then((tab) => (tab || open).navigate(target))
          .catch(() => self.clients.openWindow(target))
      return self.clients.openWindow(target)
    }),
  )
})
