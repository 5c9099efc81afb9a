import { inject } from 'vitest'

/** Asks the Node side (node-checks.ts, started by global-setup.ts) to run one of its checks. */
export async function nodeCheck<T>(name: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${inject('nodeChecksPort')}/${name}`)
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

declare module 'vitest' {
  export interface ProvidedContext {
    nodeChecksPort: number
  }
}
