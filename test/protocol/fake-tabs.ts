/** Web Locks and BroadcastChannel for several "tabs" inside one test. */

type Waiter = {
  callback: () => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

export class FakeLocks {
  private held = new Map<string, boolean>()
  private queues = new Map<string, Waiter[]>()

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => unknown,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { callback, resolve, reject }
      const queue = this.queues.get(name) ?? []
      this.queues.set(name, queue)
      queue.push(waiter)
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(waiter)
        if (index >= 0) {
          queue.splice(index, 1)
          reject(new DOMException('Aborted', 'AbortError'))
        }
      })
      this.next(name)
    })
  }

  private next(name: string) {
    if (this.held.get(name)) return
    const waiter = this.queues.get(name)?.shift()
    if (!waiter) return
    this.held.set(name, true)
    Promise.resolve(waiter.callback()).then(
      (value) => {
        this.held.set(name, false)
        waiter.resolve(value)
        this.next(name)
      },
      (error) => {
        this.held.set(name, false)
        waiter.reject(error)
        this.next(name)
      },
    )
  }
}

export function fakeBroadcastChannel() {
  const channels = new Map<string, Set<FakeChannel>>()
  class FakeChannel {
    onmessage: ((event: MessageEvent) => void) | null = null
    constructor(readonly name: string) {
      const set = channels.get(name) ?? new Set()
      channels.set(name, set)
      set.add(this)
    }
    postMessage(data: unknown) {
      const copy = structuredClone(data)
      for (const other of channels.get(this.name) ?? []) {
        if (other !== this) queueMicrotask(() => other.onmessage?.({ data: copy } as MessageEvent))
      }
    }
    close() {
      channels.get(this.name)?.delete(this)
    }
  }
  return FakeChannel as unknown as typeof BroadcastChannel
}
