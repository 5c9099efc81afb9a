/** The every-minute cron: time-based work that must run whether or not anyone calls the API. */
export async function runScheduledWork(_env: Env, scheduledTime: number): Promise<void> {
  console.log(JSON.stringify({ level: 'info', cron: new Date(scheduledTime).toISOString() }))
}
