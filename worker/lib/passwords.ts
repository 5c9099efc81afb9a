/**
 * Password hashing: PBKDF2-SHA256 through WebCrypto with a 16-byte random salt per password,
 * stored as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` (users.password_hash).
 *
 * 100,000 iterations exactly: workerd refuses PBKDF2 above that, and OWASP's floor for
 * PBKDF2-SHA256 is not reachable on Workers. A stored hash keeps its own iteration count, so
 * raising it later needs no migration.
 */
export const PBKDF2_ITERATIONS = 100_000
const SALT_BYTES = 16
const HASH_BITS = 256
const SCHEME = 'pbkdf2-sha256'

const encoder = new TextEncoder()

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))
  } catch {
    return null
  }
}

async function derive(password: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  )
  return new Uint8Array(bits)
}

/** The stored form of a new password, with a fresh salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await derive(password, salt, PBKDF2_ITERATIONS)
  return `${SCHEME}$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`
}

/**
 * A fixed hash to check against when there is no user (or no password): the caller spends the
 * same PBKDF2 work either way, so the answer's timing does not tell whether an email is known.
 */
const DUMMY_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`

/**
 * Whether `password` matches `stored` (null: the user has none, or there is no user; the work
 * is done anyway and the answer is false). The derived hashes are compared in constant time.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseHash(stored ?? DUMMY_HASH) ?? parseHash(DUMMY_HASH)
  if (!parsed) return false
  const derived = await derive(password, parsed.salt, parsed.iterations)
  const same =
    derived.byteLength === parsed.hash.byteLength &&
    crypto.subtle.timingSafeEqual(derived, parsed.hash)
  return same && stored !== null
}

function parseHash(stored: string) {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$')
  const iterations = Number(iterationsText)
  if (scheme !== SCHEME || !Number.isSafeInteger(iterations)) return null
  if (iterations < 1 || iterations > PBKDF2_ITERATIONS) return null
  const salt = fromBase64(saltText ?? '')
  const hash = fromBase64(hashText ?? '')
  if (!salt || !hash || hash.byteLength !== HASH_BITS / 8) return null
  return { iterations, salt, hash }
}
