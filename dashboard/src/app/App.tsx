import { useSignal } from '@preact/signals'
import type { Middleware } from 'openapi-fetch'
import { useEffect } from 'preact/hooks'
import type { ApiClient } from '../api/client'
import type { Profile } from '../api/schema'
import { loadProfile, requestPasswordReset, signIn, signOut } from '../api/session'
import type { DashboardLocale, Strings } from '../i18n'
import { LocaleContext } from '../i18n/context'
import { LoginPage } from '../login/LoginPage'
import { AccountShell } from './AccountShell'
import { LazyView } from './LazyView'
import { inboxPath, type Router } from './router'
import { useLanguage } from './use-language'

export interface AppProps {
  api: ApiClient
  router: Router
  /** The strings to start in: the browser's language (English when not given). */
  strings: Strings
  locale?: DashboardLocale
  /** The browser's preferred languages, for an agent who chose none. */
  browserLanguages?: readonly string[]
}

const LOGIN = '/app/login'

/** Who is signed in decides between the sign-in page and an account; the path decides the rest. */
export function App(props: AppProps) {
  const language = useLanguage(
    { locale: props.locale ?? 'en', strings: props.strings },
    props.browserLanguages ?? [],
  )
  return (
    <LocaleContext.Provider value={language.services}>
      <Signed
        {...props}
        strings={language.services.strings}
        locale={language.services.locale}
        follow={language.follow}
      />
    </LocaleContext.Provider>
  )
}

function Signed({
  api,
  router,
  strings,
  locale,
  follow,
}: AppProps & { follow(me: Profile | null): Promise<void> }) {
  // undefined: still asking the API; null: no session.
  const profile = useSignal<Profile | null | undefined>(undefined)
  const failed = useSignal(false)
  const t = strings.shell

  useEffect(() => {
    loadProfile(api)
      .then(async (me) => {
        await follow(me)
        profile.value = me
      })
      .catch(() => {
        failed.value = true
      })
  }, [api])

  // A session that ends while the app is open (expired, revoked elsewhere): any 401 from the API
  // outside sign-in means signed out, so the app goes back to the sign-in page.
  useEffect(() => {
    const sessionEnded: Middleware = {
      onResponse({ request, response }) {
        if (response.status !== 401 || new URL(request.url).pathname === '/auth/sign_in') return
        if (profile.value) profile.value = null
      },
    }
    api.use(sessionEnded)
    return () => api.eject(sessionEnded)
  }, [api])

  const route = router.route.value
  const me = profile.value

  // Redirects: no session → sign-in; signed in at /app or /app/login → the first account's inbox.
  useEffect(() => {
    if (me === undefined) return
    const open = route.name === 'login' || route.name === 'password_edit'
    if (me === null && !open) router.navigate(LOGIN, { replace: true })
    const first = me?.accounts[0]
    if (me && (route.name === 'home' || route.name === 'login')) {
      router.navigate(first ? inboxPath(first.id) : LOGIN, { replace: true })
    }
  }, [me, route])

  if (failed.value) {
    return (
      <main id="main" class="center">
        <p role="alert">{t.offline}</p>
      </main>
    )
  }
  if (me === undefined) {
    return (
      <main id="main" class="center" aria-busy="true">
        <p>{t.loading}</p>
      </main>
    )
  }
  if (route.name === 'password_edit') {
    // An invitation or reset link: open signed in or not, and it signs its user in.
    return (
      <LazyView
        viewKey="password_edit"
        load={() => import('../auth/PasswordEditPage')}
        props={{
          api,
          strings,
          async onSignedIn(signedIn: Profile) {
            await follow(signedIn)
            profile.value = signedIn
            router.navigate('/app', { replace: true })
          },
        }}
        strings={strings}
      />
    )
  }
  if (me === null || route.name === 'login') {
    if (me) return null
    return (
      <LoginPage
        strings={strings}
        signIn={(email, password) => signIn(api, email, password)}
        requestReset={(email) => requestPasswordReset(api, email)}
        onSignedIn={async (signedIn) => {
          await follow(signedIn)
          profile.value = signedIn
        }}
      />
    )
  }
  const accountRoute = 'accountId' in route ? route : null
  const accountId = accountRoute?.accountId ?? null
  if (!accountRoute || !me.accounts.some((a) => a.id === accountId)) {
    if (route.name === 'home') return null
    return (
      <main id="main" class="center">
        <h1>{t.notFound}</h1>
        <a href="/app">{t.goToInbox}</a>
      </main>
    )
  }
  return (
    <AccountShell
      // A new language builds the account's services again: their notifications speak it too.
      key={`${accountRoute.accountId}:${locale}`}
      api={api}
      accountId={accountRoute.accountId}
      me={me}
      strings={strings}
      router={router}
      route={accountRoute}
      onSignOut={async () => {
        await signOut(api)
        profile.value = null
      }}
      onRefused={(reason) => {
        // The session ended elsewhere: back to sign-in. Other refusals: the account is not ours.
        if (reason === 'unauthorized') profile.value = null
        else router.navigate('/app', { replace: true })
      }}
    />
  )
}
