/**
 * The one spelling of an id in a path or query: canonical decimal, no sign, no leading zero, no
 * exponent, no spaces. `Number()` reads `0x2`, `+2`, `2.0`, `2e0`, `02` and ` 2` all as 2, so a
 * check made with it lets one record answer to many names — and a check elsewhere that reads the
 * text strictly (the shard a request runs on) disagree with it. Everything parses ids here.
 */
export const CANONICAL_ID = /^[1-9][0-9]{0,15}$/

/** The id `text` names, or null when it is not a canonical id within the safe integers. */
export function parseId(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || !CANONICAL_ID.test(text)) return null
  const id = Number(text)
  return Number.isSafeInteger(id) ? id : null
}

/** A cursor (`after`) may also be 0, "from the start"; otherwise it is spelled as an id. */
export function parseCursor(text: string | null | undefined): number | null {
  return text === '0' ? 0 : parseId(text)
}
