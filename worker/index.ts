import { app } from './app'
import { handleQueue } from './queues/consumer'
import { handleContactJobs, isContactJobsQueue } from './queues/contact-jobs'
import { runScheduledWork } from './scheduled'

export { AccountFeed } from './durable-objects/account-feed'
export { ConversationRoom } from './durable-objects/conversation-room'

export default {
  fetch: app.fetch,
  queue: (batch, env) =>
    isContactJobsQueue(batch.queue) ? handleContactJobs(batch, env) : handleQueue(batch, env),
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduledWork(env, controller.scheduledTime))
  },
} satisfies ExportedHandler<Env>
