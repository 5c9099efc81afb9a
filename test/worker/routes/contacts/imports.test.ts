import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createContact, defineContactAttribute } from '../../contacts-helpers'
import { api, createWorld, expectError, uniq } from '../../helpers'
import { importCsv, jobsPath, storedContacts, uploadCsv, waitForImport } from './jobs-helpers'

describe('POST contacts/import', () => {
  it('answers 202 with the pending import, then applies every row off the request', async () => {
    const world = await createWorld()
    await defineContactAttribute(world.accountId, 'plan', 'text')
    const csv =
      '\ufeffname,email,phone_number,identifier,custom_attribute.plan,ignored\r\n' +
      'Ada Lovelace,ADA@example.com,+15550001,ada-1,gold,x\r\n' +
      '"Grace, Admiral",grace@example.com,,,"silver ""plus""",y\r\n' +
      'Linus,,+15550003,,,\r\n'
    const res = await uploadCsv(world, csv)
    expect(res.status).toBe(202)
    expect(res.json).toMatchObject({
      id: expect.any(Number),
      status: 'pending',
      total_records: 3,
      processed_records: 0,
      failed_records: 0,
    })
    const done = await waitForImport(world, res.json.id)
    expect(done).toMatchObject({
      status: 'completed',
      total_records: 3,
      processed_records: 3,
      failed_records: 0,
      completed_at: expect.any(String),
    })
    const contacts = await storedContacts(world.accountId)
    expect(contacts.map(({ id: _, ...c }) => c)).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone_number: '+15550001',
        identifier: 'ada-1',
        custom_attributes: { plan: 'gold' },
      },
      {
        name: 'Grace, Admiral',
        email: 'grace@example.com',
        phone_number: null,
        identifier: null,
        custom_attributes: { plan: 'silver "plus"' },
      },
      {
        name: 'Linus',
        email: null,
        phone_number: '+15550003',
        identifier: null,
        custom_attributes: {},
      },
    ])
  })

  it('keeps contact search right for imported and updated contacts', async () => {
    const world = await createWorld()
    const existing = await createContact(world, { name: 'Old Name', email: 'keep@example.com' })
    await importCsv(
      world,
      'name,email\nZebediah Quux,keep@example.com\nXanthippe Qwerty,new@example.com\n',
    )
    const search = async (q: string) =>
      (
        await api(`${jobsPath(world, '/search')}?q=${encodeURIComponent(q)}`, {
          token: world.admin.token,
        })
      ).json.payload.map((c: { email: string }) => c.email)
    expect(await search('Zebediah')).toEqual(['keep@example.com'])
    expect(await search('Old Name')).toEqual([])
    expect(await search('Xanthippe')).toEqual(['new@example.com'])
    expect((await storedContacts(world.accountId))[0]?.id).toBe(existing.id)
  })

  it('updates the contact an identifier, email or phone number matches instead of adding one', async () => {
    const world = await createWorld()
    await defineContactAttribute(world.accountId, 'tier', 'text')
    const byEmail = await createContact(world, { name: 'E', email: 'e@example.com' })
    const byPhone = await createContact(world, {
      name: 'P',
      email: null,
      phone_number: '+15551000',
    })
    const byIdentifier = await createContact(world, { name: 'I', email: null, identifier: 'id-7' })
    const done = await importCsv(
      world,
      'name,email,phone_number,identifier,custom_attribute.tier\n' +
        'E2,E@EXAMPLE.COM,,,a\n' +
        'P2,,+15551000,,b\n' +
        'I2,i@example.com,,id-7,c\n',
    )
    expect(done).toMatchObject({ status: 'completed', processed_records: 3, failed_records: 0 })
    const contacts = await storedContacts(world.accountId)
    expect(contacts).toHaveLength(3)
    expect(contacts).toEqual([
      expect.objectContaining({ id: byEmail.id, name: 'E2', custom_attributes: { tier: 'a' } }),
      expect.objectContaining({ id: byPhone.id, name: 'P2', custom_attributes: { tier: 'b' } }),
      expect.objectContaining({
        id: byIdentifier.id,
        name: 'I2',
        email: 'i@example.com',
        custom_attributes: { tier: 'c' },
      }),
    ])
  })

  it('merges rows of the file that name the same contact, and empty cells keep values', async () => {
    const world = await createWorld()
    await defineContactAttribute(world.accountId, 'a', 'text')
    await defineContactAttribute(world.accountId, 'b', 'text')
    const done = await importCsv(
      world,
      'name,email,phone_number,custom_attribute.a,custom_attribute.b\n' +
        'First,dup@example.com,,1,\n' +
        ',dup@example.com,+15552000,,2\n' +
        'Last,,+15552000,,\n',
    )
    expect(done).toMatchObject({ processed_records: 3, failed_records: 0 })
    expect((await storedContacts(world.accountId)).map(({ id: _, ...c }) => c)).toEqual([
      {
        name: 'Last',
        email: 'dup@example.com',
        phone_number: '+15552000',
        identifier: null,
        custom_attributes: { a: '1', b: '2' },
      },
    ])
  })

  it('fails a row alone, with its line, reason and raw line, and serves them as CSV', async () => {
    const world = await createWorld()
    await createContact(world, { email: 'taken@example.com' })
    await createContact(world, { email: null, identifier: 'other-id' })
    const csv =
      'name,email,phone_number,identifier\n' +
      'Good,good@example.com,,\n' +
      '"Two\nLines",not-an-email,,\n' +
      'Bad Phone,,12345,\n' +
      '\n' +
      'Clash,taken@example.com,,other-id\n' +
      ',,,\n' +
      'Too,many@example.com,,,extra\n' +
      '"=HYPERLINK(""x"")",formula@example.com,,\n'
    const res = await uploadCsv(world, csv)
    expect(res.json.total_records).toBe(7)
    const done = await waitForImport(world, res.json.id)
    expect(done).toMatchObject({ status: 'completed', processed_records: 2, failed_records: 5 })
    const failed = await api(jobsPath(world, `/imports/${res.json.id}/failed_rows`), {
      token: world.admin.token,
    })
    expect(failed.status).toBe(200)
    expect(failed.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(failed.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(failed.text.split('\r\n')).toEqual([
      'line,reason,name,email,phone_number,identifier',
      '3,"email ""not-an-email"" is not a valid address","Two\nLines",not-an-email,,',
      '5,"phone_number ""12345"" is not in E.164 format (+ and digits)",Bad Phone,,12345,',
      '7,email belongs to another contact,Clash,taken@example.com,,other-id',
      '8,"The row has no name, email, phone_number or identifier",,,,',
      '9,The row has 5 cells where the header has 4,Too,many@example.com,,,extra',
      '',
    ])
    const emails = (await storedContacts(world.accountId)).map((c) => c.email)
    expect(emails).toContain('good@example.com')
    expect(emails).toContain('formula@example.com')
  })

  it('casts custom attribute cells by their definitions, failing a row whose cell does not fit', async () => {
    const world = await createWorld()
    await defineContactAttribute(world.accountId, 'seats', 'number')
    await defineContactAttribute(world.accountId, 'paying', 'checkbox')
    await defineContactAttribute(world.accountId, 'tier', 'list', ['free', 'pro'])
    const res = await uploadCsv(
      world,
      'email,custom_attribute.seats,custom_attribute.paying,custom_attribute.tier\n' +
        'a@example.com,12,yes,pro\n' +
        'b@example.com,many,no,free\n' +
        'c@example.com,3,maybe,free\n' +
        'd@example.com,3,false,gold\n',
    )
    const done = await waitForImport(world, res.json.id)
    expect(done).toMatchObject({ processed_records: 1, failed_records: 3 })
    expect((await storedContacts(world.accountId))[0]?.custom_attributes).toEqual({
      seats: 12,
      paying: true,
      tier: 'pro',
    })
    const failed = await api(jobsPath(world, `/imports/${res.json.id}/failed_rows`), {
      token: world.admin.token,
    })
    expect(failed.text).toContain('3,custom_attribute.seats must be a number,')
    expect(failed.text).toContain('4,custom_attribute.paying must be true or false,')
    expect(failed.text).toContain('5,"custom_attribute.tier must be one of: free, pro",')
  })

  it('refuses a column of a custom attribute the account has not defined, with a 422 naming it', async () => {
    const world = await createWorld()
    const res = await uploadCsv(world, 'email,custom_attribute.shoe_size\na@example.com,44\n')
    expectError(res, 422, 'validation_failed')
    expect(res.json.message).toMatch(/custom_attribute\.shoe_size: not a defined custom attribute/)
    expect(await storedContacts(world.accountId)).toEqual([])
  })

  it.each([
    ['an empty file', '', /empty/],
    ['a binary file', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), /binary/],
    [
      'a file that is not UTF-8',
      new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x0a]),
      /UTF-8/,
    ],
    ['a header with no known column', 'first,last\nAda,Lovelace\n', /header row has none/],
    ['a blank header row', '\n\nAda\n', /no header row/],
    ['a header and no rows', 'name,email\r\n', /no rows/],
    ['an unclosed quote', 'name,email\nAda,"ada@example.com\n', /not well-formed CSV.*line 2/],
  ])('refuses %s with a 422 naming the problem', async (_, body, message) => {
    const world = await createWorld()
    const res = await uploadCsv(world, body)
    expectError(res, 422, 'validation_failed')
    expect(res.json.message).toMatch(message)
    expect(res.json.errors[0]).toMatchObject({ field: 'import_file' })
    expect(await storedContacts(world.accountId)).toEqual([])
  })

  it('refuses a request without a file or with no body (422) and one with a JSON body (415)', async () => {
    const world = await createWorld()
    const form = new FormData()
    form.append('other', 'x')
    const res = await SELF.fetch(`http://parley.test${jobsPath(world, '/import')}`, {
      method: 'POST',
      headers: { api_access_token: world.admin.token },
      body: form,
    })
    expectError({ status: res.status, json: await res.json() }, 422, 'validation_failed')
    const json = await api(jobsPath(world, '/import'), {
      token: world.admin.token,
      body: { import_file: 'name\nAda' },
    })
    expectError(json, 415, 'unsupported_media_type')
    const bodiless = await api(jobsPath(world, '/import'), {
      token: world.admin.token,
      method: 'POST',
    })
    expectError(bodiless, 422, 'validation_failed')
  })

  it('refuses a file over 10 MB with 413, by its Content-Length before reading it', async () => {
    const world = await createWorld()
    const big = `email\n${'a'.repeat(10 * 1024 * 1024)}\n`
    expectError(await uploadCsv(world, big), 413, 'payload_too_large')
    const declared = await SELF.fetch(`http://parley.test${jobsPath(world, '/import')}`, {
      method: 'POST',
      headers: {
        api_access_token: world.admin.token,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(11 * 1024 * 1024),
      },
      body: 'x',
    })
    expect(declared.status).toBe(413)
  })

  it('refuses a file of more than 100,000 rows with 422', async () => {
    const world = await createWorld()
    const rows = Array.from({ length: 100_001 }, (_, i) => `r${i}`).join('\n')
    const res = await uploadCsv(world, `identifier\n${rows}\n`)
    expectError(res, 422, 'validation_failed')
    expect(res.json.message).toMatch(/more than 100000 rows/)
  })
})

describe('contact import access', () => {
  it('is for administrators: an agent gets 403 on every route', async () => {
    const world = await createWorld()
    const res = await uploadCsv(world, 'email\nagent@example.com\n')
    const id = res.json.id
    await waitForImport(world, id)
    expectError(await uploadCsv(world, 'email\nx@example.com\n', world.agent.token), 403)
    for (const path of [`/imports/${id}`, `/imports/${id}/failed_rows`]) {
      expectError(await api(jobsPath(world, path), { token: world.agent.token }), 403)
    }
  })

  it("answers 404 for another account's import and 403 to another account's members", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const res = await uploadCsv(world, `email\n${uniq('secret')}@example.com\n`)
    const id = res.json.id
    for (const path of [`/imports/${id}`, `/imports/${id}/failed_rows`, '/imports/999999999']) {
      const found = await api(jobsPath(other, path), { token: other.admin.token })
      expectError(found, 404, 'not_found')
      expect(found.text).not.toContain('secret')
    }
    for (const token of [other.admin.token, other.agent.token]) {
      expectError(await api(jobsPath(world, `/imports/${id}`), { token }), 403)
      expectError(await api(jobsPath(world, `/imports/${id}/failed_rows`), { token }), 403)
      expectError(await uploadCsv(world, 'email\nx@example.com\n', token), 403)
    }
  })

  it('routes import paths to the import routes, never to contacts/{id}', async () => {
    const world = await createWorld()
    expectError(await api(jobsPath(world, '/imports/abc'), { token: world.admin.token }), 404)
    // `import` is no contact id: GET contacts/import is a 404, not a lookup of a contact.
    expectError(await api(jobsPath(world, '/import'), { token: world.admin.token }), 404)
    const res = await uploadCsv(world, 'email\nroute@example.com\n')
    expect(res.status).toBe(202)
  })
})
