/** Examples of the sign-in schemas, in Chatwoot's shapes (devise_token_auth), for /openapi.json. */
import { ProfileExample } from './users'

export const SignInInputExample = {
  email: 'jane@example.com',
  password: 'correct horse battery staple',
}

export const SignInExample = {
  data: { ...ProfileExample, access_token: 'q3fW8xK2mN9pL4rV7sY1zB6Tq3fW8xK2mN9pL4rV7sY' },
}

export const SignOutExample = { success: true }

export const PasswordEditInputExample = {
  reset_password_token: 'q3fW8xK2mN9pL4rV7sY1zB6Tq3fW8xK2mN9pL4rV7sY',
  password: 'correct horse battery staple',
  password_confirmation: 'correct horse battery staple',
}

export const PasswordResetRequestExample = { email: 'agent@example.com' }

export const PasswordResetRequestedExample = {
  success: true,
  message: 'If an account signs in with this email, a link to reset its password is on its way.',
}
