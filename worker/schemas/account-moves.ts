import { z } from '@hono/zod-openapi'

export const AccountMoveInputSchema = z
  .object({
    shard: z.number().int().min(0).openapi({ description: 'The shard to move the account to' }),
  })
  .openapi('AccountMoveInput', { example: { shard: 1 } })

export const AccountMoveFinishInputSchema = z
  .object({
    from: z.number().int().min(0).openapi({ description: 'The shard the account moved from' }),
  })
  .openapi('AccountMoveFinishInput', { example: { from: 0 } })

export const AccountMoveSchema = z
  .object({
    account_id: z.number().int(),
    from: z.number().int(),
    to: z.number().int(),
    tables: z.array(
      z.object({
        table: z.string(),
        rows: z.number().int(),
        sha256: z.string().openapi({ description: "SHA-256 over the table's rows in key order" }),
      }),
    ),
  })
  .openapi('AccountMove', {
    example: {
      account_id: 42,
      from: 0,
      to: 1,
      tables: [
        {
          table: 'conversations',
          rows: 120,
          sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        },
      ],
    },
  })

export const ShardSyncSchema = z
  .object({ copied: z.record(z.string(), z.number().int()) })
  .openapi('ShardSync', { example: { copied: { accounts: 12, users: 40, access_tokens: 52 } } })
