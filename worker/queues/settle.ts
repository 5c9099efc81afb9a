import { log } from '../lib/log'

/** A message's work asks for a retry after a delay; otherwise the message is acknowledged. */
export type Settlement = { retryAfterSeconds: number } | undefined

/**
 * Settles one queue message, for every queue's consumer: a body `parse` refuses is logged and
 * acknowledged (a retry can't fix it); `work` handles the rest, acknowledged unless it asks for
 * a retry; an error it throws is logged as `failure` and retried with exponential backoff, at
 * most five minutes apart.
 */
export async function settleMessage<Body>(
  message: Message<unknown>,
  queue: string,
  handler: {
    parse: (body: unknown) => Body | null
    work: (body: Body) => Promise<Settlement | void>
    failure: string
  },
): Promise<void> {
  const body = handler.parse(message.body)
  if (!body) {
    log.error('poison message', { queue })
    message.ack()
    return
  }
  try {
    const settlement = await handler.work(body)
    if (settlement) message.retry({ delaySeconds: settlement.retryAfterSeconds })
    else message.ack()
  } catch (error) {
    log.error(handler.failure, { queue, error })
    message.retry({ delaySeconds: Math.min(2 ** message.attempts, 300) })
  }
}
