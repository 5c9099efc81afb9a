import { z } from '@hono/zod-openapi'
import { tokenSecurity } from './common'
import * as examples from './examples/auth'
import { PasswordSchema, ProfileSchema } from './users'

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

export const PasswordEditInputSchema = z
  .object({
    reset_password_token: z.string().trim().min(1).max(200).openapi({
      description: 'The token of an invitation or reset link (its `reset_password_token`)',
    }),
    password: PasswordSchema,
    password_confirmation: z
      .string()
      .max(128)
      .openapi({ format: 'password', description: 'Must equal `password`' }),
  })
  .openapi('PasswordEditInput', { example: examples.PasswordEditInputExample })

export const PasswordResetRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .transform((e) => e.toLowerCase())
      .openapi({ description: 'The email the account signs in with' }),
  })
  .openapi('PasswordResetRequest', { example: examples.PasswordResetRequestExample })

export const PasswordResetRequestedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .openapi('PasswordResetRequested', { example: examples.PasswordResetRequestedExample })

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
/**
 * An account route's credentials, any one of them: the API token, the dashboard's session
 * cookie (same origin only) or the devise headers sign-in returns.
 */
export const accountSecurity = [...tokenSecurity, ...sessionSecurity]
