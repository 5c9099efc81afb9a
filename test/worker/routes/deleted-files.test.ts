import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { runScheduledWork } from '../../../worker/scheduled'
import { contactsPath } from '../contacts-helpers'
import { accountPath, createInbox } from '../conversation-helpers'
import { contactWithFiles, fileScene, keyOf, served, stored } from '../files-helpers'
import { api, PLATFORM_TOKEN } from '../helpers'
import { exportCsv, importCsv } from './contacts/jobs-helpers'

/*
 * What a deletion leaves in R2 (the FILES bucket): nothing. A deleted contact's avatar and its
 * conversations' attachments, a deleted inbox's attachments and a deleted account's files
 * (avatars, attachments, contact exports and imports) stop being served as the delete answers,
 * and are gone from the bucket once the cron's sweep has run.
 */

const runSweep = () => runScheduledWork(env, Date.now())

describe('deleting a contact', () => {
  it('stops serving its avatar and its conversations’ attachments and removes them from R2', async () => {
    const { world, inboxId } = await fileScene()
    const { contactId, urls } = await contactWithFiles(world, inboxId)
    const other = await contactWithFiles(world, inboxId)

    const res = await api(`${contactsPath(world)}/${contactId}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(await served(urls.avatar)).toBe(404)
    expect(await served(urls.attachment)).toBe(404)

    await runSweep()
    expect(await stored(keyOf(urls.avatar))).toBe(false)
    expect(await stored(keyOf(urls.attachment))).toBe(false)
    // Another contact's files stay.
    expect(await served(other.urls.avatar)).toBe(200)
    expect(await served(other.urls.attachment)).toBe(200)
  })
})

describe('deleting an inbox', () => {
  it('stops serving its conversations’ attachments and removes them, leaving the contact’s avatar', async () => {
    const { world, inboxId } = await fileScene()
    const { urls } = await contactWithFiles(world, inboxId)
    const other = await createInbox(world, 'api')
    const elsewhere = await contactWithFiles(world, other.id)

    const res = await api(`${accountPath(world)}/inboxes/${inboxId}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(await served(urls.attachment)).toBe(404)

    await runSweep()
    expect(await stored(keyOf(urls.attachment))).toBe(false)
    // The contact outlives its inbox's conversations, and so does its avatar.
    expect(await served(urls.avatar)).toBe(200)
    expect(await served(elsewhere.urls.attachment)).toBe(200)
  })
})

describe('deleting an account through the platform API', () => {
  it('stops serving its files and removes avatars, attachments, exports and imports from R2', async () => {
    const { world, inboxId } = await fileScene()
    const { urls } = await contactWithFiles(world, inboxId)
    await importCsv(world, 'name,email\nImported,imported@example.com\n')
    const { job } = await exportCsv(world)
    const accountFiles = await env.FILES.list({ include: ['customMetadata'] })
    const importKeys = accountFiles.objects
      .filter(
        (o) =>
          o.key.startsWith('contact-import/') &&
          o.customMetadata?.accountId === String(world.accountId),
      )
      .map((o) => o.key)
    expect(importKeys).toHaveLength(1)
    const exportKey = `contact-export/${job.id}.csv`
    expect(await stored(exportKey)).toBe(true)
    const survivor = await fileScene()
    const kept = await contactWithFiles(survivor.world, survivor.inboxId)

    const res = await api(`/platform/api/v1/accounts/${world.accountId}`, {
      method: 'DELETE',
      token: PLATFORM_TOKEN,
    })
    expect(res.status).toBe(200)
    expect(await served(urls.avatar)).toBe(404)
    expect(await served(urls.attachment)).toBe(404)

    await runSweep()
    for (const key of [keyOf(urls.avatar), keyOf(urls.attachment), exportKey, ...importKeys]) {
      expect(await stored(key), key).toBe(false)
    }
    expect(await served(kept.urls.avatar)).toBe(200)
    expect(await served(kept.urls.attachment)).toBe(200)
  })
})
