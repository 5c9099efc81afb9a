/** The path parameters of an account's collection: `{ params: { path: { account_id } } }`. */
export const inAccount = (accountId: number) => ({ params: { path: { account_id: accountId } } })

/** The path parameters of one item of an account's collection. */
export const itemOf = (accountId: number, id: number) => ({
  params: { path: { account_id: accountId, id } },
})
