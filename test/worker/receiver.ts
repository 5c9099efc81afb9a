import { inject } from 'vitest'

/** The loopback webhook receiver started by global-setup.ts. */
export const receiverBase = () => `http://127.0.0.1:${inject('receiverPort')}`

export type ReceiverAnswer = {
  status?: number
  delayMs?: number
  location?: string
  retryAfter?: string
}
export type Received = { headers: Record<string, string>; body: string; at: number; status: number }

export async function scriptReceiver(name: string, answers: ReceiverAnswer[] = []) {
  await fetch(`${receiverBase()}/script/${name}`, { method: 'PUT', body: JSON.stringify(answers) })
  return `${receiverBase()}/hook/${name}`
}

export async function receivedBy(name: string): Promise<Received[]> {
  const res = await fetch(`${receiverBase()}/received/${name}`)
  return (await res.json()) as Received[]
}

declare module 'vitest' {
  export interface ProvidedContext {
    receiverPort: number
  }
}
