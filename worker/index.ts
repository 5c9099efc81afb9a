import { app } from './app'
import { receiveMail } from './email-intake/handler'
import { handleQueue } from './queues/consumer'
import { handleContactJobs, isContactJobsQueue } from './queues/contact-jobs'
import { handleContinuityQueue, isContinuityQueue } from './queues/continuity'
import { handleMailQueue, isMailQueue } from './queues/mail'
import { handlePhoneQueue, isPhoneQueue } from './queues/phone'
import { handlePushQueue, isPushQueue } from './queues/push'
import { runScheduledWork } from './scheduled'

export { AccountFeed } from './durable-objects/account-feed'
export { AssignmentQueue } from './durable-objects/assignment-queue'
export { ConversationRoom } from './durable-objects/conversation-room'

export default {
  fetch: app.fetch,
  // Cloudflare Email Routing delivers mail for INBOUND_EMAIL_DOMAIN here.
  email: (message, env, ctx) => receiveMail(message, env, ctx),
  queue: (batch, env) => {
    if (isContactJobsQueue(batch.queue)) return handleContactJobs(batch, env)
    if (isMailQueue(batch.queue)) return handleMailQueue(batch, env)
    if (isPhoneQueue(batch.queue)) return handlePhoneQueue(batch, env)
    if (isContinuityQueue(batch.queue)) return handleContinuityQueue(batch, env)
    if (isPushQueue(batch.queue)) return handlePushQueue(batch, env)
    return handleQueue(batch, env)
  },
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduledWork(env, controller.scheduledTime))
  },
} satisfies ExportedHandler<Env>
