import { useSignal } from '@preact/signals'
import type { ComponentType } from 'preact'
import { useEffect } from 'preact/hooks'
import type { Strings } from '../i18n'

/** A module whose default export is a view: what `import()` of a page file resolves to. */
export type ViewModule<P> = { default: ComponentType<P> }

export interface LazyViewProps<P> {
  /** Which view: a new key loads again (the page files are separate chunks). */
  viewKey: string
  load(): Promise<ViewModule<P>>
  props: P
  strings: Strings
}

/**
 * Draws a view fetched on first use, so pages outside the inbox never weigh on its first load.
 * A failed fetch (offline, a deploy replaced the chunk) says so and offers to try again.
 */
export function LazyView<P extends object>({ viewKey, load, props, strings }: LazyViewProps<P>) {
  const t = strings.shell
  const view = useSignal<{ key: string; Component: ComponentType<P> } | null>(null)
  const failed = useSignal(false)
  const attempt = useSignal(0)

  useEffect(() => {
    let current = true
    failed.value = false
    load().then(
      (module) => {
        if (current) view.value = { key: viewKey, Component: module.default }
      },
      () => {
        if (current) failed.value = true
      },
    )
    return () => {
      current = false
    }
  }, [viewKey, attempt.value])

  if (failed.value) {
    return (
      <div class="lazy-failed" role="alert">
        <p>{t.viewLoadFailed}</p>
        <button
          type="button"
          class="button"
          onClick={() => {
            attempt.value++
          }}
        >
          {t.tryAgain}
        </button>
      </div>
    )
  }
  const loaded = view.value
  if (!loaded || loaded.key !== viewKey) {
    return (
      <p class="lazy-loading" aria-busy="true">
        {t.loading}
      </p>
    )
  }
  const { Component } = loaded
  return <Component {...props} />
}
