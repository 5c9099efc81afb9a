/**
 * Registers the dashboard's service worker (/app/sw.js, scope /app/: the offline shell and Web
 * Push) once the page has loaded, so it never competes with the first paint. Other code waits
 * for it through navigator.serviceWorker.ready and never registers a worker of its own.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    // No worker is no loss: the app works without it, only offline and push do not.
    navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => {})
  }
  const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200))
  if (document.readyState === 'complete') idle(register)
  else addEventListener('load', () => idle(register), { once: true })
}
