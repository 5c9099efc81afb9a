/**
 * Queue consumer for the `events`, `deliveries` and dead-letter queues. Messages are acknowledged
 * one by one so a failure retries only its own message.
 */
export async function handleQueue(batch: MessageBatch<unknown>, _env: Env): Promise<void> {
  for (const message of batch.messages) {
    console.log(JSON.stringify({ level: 'info', queue: batch.queue, messageId: message.id }))
    message.ack()
  }
}
