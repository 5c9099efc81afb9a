import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  conversationPath,
  conversationRow,
  createScene,
  eventsOf,
  messagesPath,
  pngBytes,
  sendForm,
  snapshot,
} from '../conversation-helpers'
import { accountDb, api, expectError } from '../helpers'

async function setup() {
  const scene = await createScene('api')
  const conversation = await scene.conversation()
  const row = await conversationRow(scene.world.accountId, conversation.id)
  return { ...scene, displayId: conversation.id, conversationId: row?.id as number }
}

const fetchFile = async (url: string) => SELF.fetch(url)

/** Stored attachment keys (R2 is shared by the tests of this file: compare before and after). */
async function storedObjects() {
  const listed = await env.FILES.list({ prefix: 'attachment/' })
  return listed.objects.map((o) => o.key).sort()
}

describe('message attachments', () => {
  it('stores uploaded files and serves them back at data_url', async () => {
    const { world, displayId, conversationId } = await setup()
    const form = new FormData()
    form.append('content', 'Here are the files')
    form.append('private', 'false')
    form.append('echo_id', 'upload-1')
    form.append('attachments[]', new File([pngBytes(300)], 'photo.png', { type: 'image/png' }))
    form.append('attachments[]', new File(['a,b\n1,2\n'], 'data.csv', { type: 'text/csv' }))
    const res = await sendForm(messagesPath(world, displayId), world.admin.token, form)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      content: 'Here are the files',
      echo_id: 'upload-1',
      message_type: 1,
      private: false,
    })
    const [image, csv] = res.json.attachments
    expect(image).toEqual({
      id: expect.any(Number),
      message_id: res.json.id,
      file_type: 'image',
      account_id: world.accountId,
      extension: 'png',
      data_url: expect.stringMatching(/^http:\/\/parley\.test\/files\/attachment\/.+\/photo\.png$/),
      thumb_url: image.data_url,
      file_size: 300,
      width: null,
      height: null,
    })
    expect(csv).toMatchObject({ file_type: 'file', extension: 'csv', thumb_url: '', file_size: 8 })
    const served = await fetchFile(image.data_url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pngBytes(300))

    const listed = await api(messagesPath(world, displayId), { token: world.admin.token })
    expect(listed.json.payload[0].attachments).toHaveLength(2)
    const shown = await api(conversationPath(world, displayId), { token: world.admin.token })
    expect(shown.json.messages[0].attachments).toHaveLength(2)
    const created = (await eventsOf(conversationId)).filter((e) => e.kind === 'message_created')
    expect(created.map((e) => e.message_id)).toEqual([res.json.id])
    const rows = await (await accountDb(world.accountId))
      .prepare('select file_name, content_type, message_id from attachments where message_id = ?')
      .bind(res.json.id)
      .all()
    expect(rows.results).toHaveLength(2)
  })

  it('accepts a file without content and a private note with a file', async () => {
    const { world, displayId } = await setup()
    const form = new FormData()
    form.append('attachments[]', new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }))
    form.append('private', 'true')
    const res = await sendForm(messagesPath(world, displayId), world.admin.token, form)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ content: null, private: true })
    expect(res.json.attachments[0]).toMatchObject({ file_type: 'file', extension: 'pdf' })
  })

  it('refuses executables, SVG, too many files and empty files with 422, storing nothing', async () => {
    const { world, displayId, conversationId } = await setup()
    const before = await snapshot(conversationId)
    const objects = await storedObjects()
    const cases: File[][] = [
      [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })],
      [new File(['<svg onload="x()"/>'], 'logo.svg', { type: 'image/svg+xml' })],
      [
        new File([pngBytes()], 'fine.png', { type: 'image/png' }),
        new File(['<html>'], 'page.html', { type: 'text/html' }),
      ],
      Array.from({ length: 16 }, (_, i) => new File(['x'], `f${i}.txt`, { type: 'text/plain' })),
      [new File([], 'empty.txt', { type: 'text/plain' })],
    ]
    for (const files of cases) {
      const form = new FormData()
      form.append('content', 'see attached')
      for (const file of files) form.append('attachments[]', file)
      const res = await sendForm(messagesPath(world, displayId), world.admin.token, form)
      expectError(res, 422, 'validation_failed')
    }
    expect(await snapshot(conversationId)).toEqual(before)
    expect(await storedObjects()).toEqual(objects)
  })

  it('refuses a file over 10 MB with 413, storing nothing', async () => {
    const { world, displayId, conversationId } = await setup()
    const before = await snapshot(conversationId)
    const objects = await storedObjects()
    const form = new FormData()
    form.append('content', 'big one')
    form.append(
      'attachments[]',
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.zip', { type: 'application/zip' }),
    )
    const res = await sendForm(messagesPath(world, displayId), world.admin.token, form)
    expectError(res, 413, 'payload_too_large')
    expect(await snapshot(conversationId)).toEqual(before)
    expect(await storedObjects()).toEqual(objects)
  })

  it('removes attachments and their files when the message is deleted', async () => {
    const { world, displayId, conversationId } = await setup()
    const form = new FormData()
    form.append('content', 'secret scan')
    form.append('attachments[]', new File([pngBytes()], 'scan.png', { type: 'image/png' }))
    const created = await sendForm(messagesPath(world, displayId), world.admin.token, form)
    const url = created.json.attachments[0].data_url
    const res = await api(`${messagesPath(world, displayId)}/${created.json.id}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.json.attachments).toBeUndefined()
    expect(res.json.content_attributes).toEqual({ deleted: true })
    expect((await fetchFile(url)).status).toBe(404)
    const rows = await (await accountDb(world.accountId))
      .prepare('select count(*) as n from attachments where message_id = ?')
      .bind(created.json.id)
      .first<{ n: number }>()
    expect(rows?.n).toBe(0)
    const updated = (await eventsOf(conversationId)).filter((e) => e.kind === 'message_updated')
    expect(updated.map((e) => e.message_id)).toEqual([created.json.id])
  })

  it('removes stored files when the conversation is deleted', async () => {
    const { world, displayId } = await setup()
    const objects = await storedObjects()
    const form = new FormData()
    form.append('content', 'file')
    form.append('attachments[]', new File([pngBytes()], 'x.png', { type: 'image/png' }))
    const created = await sendForm(messagesPath(world, displayId), world.admin.token, form)
    const url = created.json.attachments[0].data_url
    expect((await fetchFile(url)).status).toBe(200)
    await api(conversationPath(world, displayId), { method: 'DELETE', token: world.admin.token })
    expect((await fetchFile(url)).status).toBe(404)
    expect(await storedObjects()).toEqual(objects)
  })
})
