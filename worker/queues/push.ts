import { parsePushMessage, sendPush } from '../notifications/push'
import { settleMessage } from './settle'

/** The Web Push queue (wrangler.toml): one agent's notification to each of their browsers. */
export const PUSH_QUEUE = 'parley-push'

export const isPushQueue = (queue: string) => queue === PUSH_QUEUE

/** The push queue's consumer, an adapter: a failed send is retried by the queue. */
export async function handlePushQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  await Promise.all(
    batch.messages.map((message) =>
      settleMessage(message, batch.queue, {
        parse: parsePushMessage,
        failure: 'web push failed',
        work: async (job) => {
          await sendPush(env, job)
          return undefined
        },
      }),
    ),
  )
}
