import { app } from './app'
import { handleQueue } from './queues/consumer'
import { runScheduledWork } from './scheduled'

export { AccountFeed } from './durable-objects/account-feed'
export { ConversationRoom } from './durable-objects/conversation-room'

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduledWork(env, controller.scheduledTime))
  },
} satisfies ExportedHandler<Env>
