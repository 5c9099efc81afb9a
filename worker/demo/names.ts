/** The demo's names: `npm start` seeds them (scripts/seed-demo.ts) and the demo pages find them. */
export const DEMO_ACCOUNT_NAME = 'Demo'
export const DEMO_ADMIN_EMAIL = 'admin@demo.parley.test'
export const DEMO_AGENT_EMAIL = 'agent@demo.parley.test'
export const DEMO_WEBSITE_INBOX = 'Demo website'
export const DEMO_API_INBOX = 'Demo API'
export const DEMO_EMAIL_INBOX = 'Demo Email'
