/**
 * An email inbox's identifier: the local part of its forwarding address (`<identifier>@domain`).
 * Lowercase because mail systems may lowercase an address's local part on the way, and random
 * so one inbox's address says nothing about another's.
 */
export function newForwardingIdentifier(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10))
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
