import { describe, expect, it } from 'vitest'
import { ApiError, unwrap } from '../../../../dashboard/src/api/client'
import { FormError, submit } from '../../../../dashboard/src/settings/shared/submit'
import { refusal } from './fake-rest'

const answer = (response: Response, error?: unknown, data?: unknown) =>
  Promise.resolve({ response, error, data })

describe('submit', () => {
  it('gives the data of a successful call', async () => {
    expect(await submit(answer(Response.json({ id: 1 }), undefined, { id: 1 }))).toEqual({ id: 1 })
  })

  it("turns a 422 that names fields into a FormError with each field's message", async () => {
    const response = refusal('short_code', 'has already been taken')
    const body = await response.clone().json()
    const failure = await submit(answer(response, body)).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(FormError)
    expect((failure as FormError).status).toBe(422)
    expect((failure as FormError).fields).toEqual({ short_code: 'has already been taken' })
  })

  it('keeps a failure without field errors a plain ApiError', async () => {
    const body = {
      error: 'forbidden',
      message: 'You are not authorized to do this action',
      errors: [],
    }
    const failure = await submit(answer(Response.json(body, { status: 403 }), body)).catch(
      (e: unknown) => e,
    )
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).not.toBeInstanceOf(FormError)
    expect((failure as ApiError).message).toBe('You are not authorized to do this action')
  })
})

describe('unwrap', () => {
  it("carries the envelope's field errors on the ApiError, the first message of each field", async () => {
    const body = {
      error: 'validation_failed',
      message: 'Title is invalid',
      errors: [
        { field: 'title', message: 'has already been taken' },
        { field: 'title', message: 'is too long' },
        { field: 'color', message: 'is not a colour' },
      ],
    }
    const failure = await unwrap(answer(Response.json(body, { status: 422 }), body)).catch(
      (e: unknown) => e,
    )
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).fields).toEqual({
      title: 'has already been taken',
      color: 'is not a colour',
    })
  })
})
