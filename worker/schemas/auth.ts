import { z } from '@hono/zod-openapi'
import * as examples from './examples/auth'
import { ProfileSchema } from './users'

export const SignInInputSchema = z
  .object({
    // Not checked as an address: any unknown email gets the same 401 as a wrong password.
    email: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .transform((e) => e.toLowerCase()),
    password: z.string().min(1).max(128).openapi({ format: 'password' }),
  })
  .openapi('SignInInput', { example: examples.SignInInputExample })

export const SignInSchema = z
  .object({
    data: ProfileSchema,
  })
  .openapi('SignIn', { example: examples.SignInExample })

export const SignOutSchema = z
  .object({ success: z.literal(true) })
  .openapi('SignOut', { example: examples.SignOutExample })

/** The session cookie and the devise headers, as OpenAPI security schemes. */
export const SESSION_COOKIE_SCHEME = 'session_cookie'
export const DEVISE_TOKEN_SCHEME = 'devise_access_token'
export const sessionSecurity: { [scheme: string]: string[] }[] = [
  { [SESSION_COOKIE_SCHEME]: [] },
  { [DEVISE_TOKEN_SCHEME]: [] },
]
