/**
 * An `application/x-www-form-urlencoded` body read the way Rails (Rack's nested query parser,
 * then ActionDispatch's deep munge) reads it, into the object the same request as JSON carries:
 * `contact[name]=x` is `{contact: {name: "x"}}`, `labels[]=a&labels[]=b` is `{labels: ["a", "b"]}`,
 * `values[][name]=a&values[][name]=b` is `{values: [{name: "a"}, {name: "b"}]}`. Values stay
 * strings (a key without `=` is null); what they stand for is the route's schema's business.
 */

/** Rack's limits: more nesting or more fields than this is refused, not parsed. */
export const MAX_FORM_DEPTH = 32
export const MAX_FORM_FIELDS = 4096

export class FormSyntaxError extends Error {}

type Params = Record<string, unknown>

export function parseRailsForm(text: string): Params {
  const params: Params = Object.create(null)
  const pairs = text.split('&').filter((pair) => pair !== '')
  if (pairs.length > MAX_FORM_FIELDS) {
    throw new FormSyntaxError(`more than ${MAX_FORM_FIELDS} fields`)
  }
  for (const pair of pairs) {
    const equals = pair.indexOf('=')
    const name = decode(equals === -1 ? pair : pair.slice(0, equals))
    const value = equals === -1 ? null : decode(pair.slice(equals + 1))
    if (name !== '') assign(params, keyPath(name), value)
  }
  return deepMunge(params) as Params
}

function decode(text: string) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    throw new FormSyntaxError('invalid %-encoding')
  }
}

/**
 * `a[b][]` as ["a", "b", ""]: the name before the first bracket, then each bracketed key, with
 * "" for `[]`. A name that does not nest that way (`a[b`, `[a]`) is one flat key, as in Rack.
 */
function keyPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name)
  if (!match?.[2]) return [name]
  const path = [match[1] as string, ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])]
  if (path.length > MAX_FORM_DEPTH) throw new FormSyntaxError('nested too deep')
  return path as string[]
}

const isParams = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const conflict = (path: string[]) =>
  new FormSyntaxError(
    `conflicting types for parameter ${path[0]}${path
      .slice(1)
      .map((k) => `[${k}]`)
      .join('')}`,
  )

/** Rack's normalize_params: sets `value` at `path` inside `params`. */
function assign(params: Params, path: string[], value: string | null) {
  const [key, ...rest] = path as [string, ...string[]]
  if (rest.length === 0) {
    params[key] = value
    return
  }
  if (rest[0] !== '') {
    params[key] ??= Object.create(null)
    const child = params[key]
    if (!isParams(child)) throw conflict(path)
    assign(child, rest, value)
    return
  }
  params[key] ??= []
  const list = params[key]
  if (!Array.isArray(list)) throw conflict(path)
  const inner = rest.slice(1)
  if (inner.length === 0) {
    list.push(value)
    return
  }
  // `a[][b]=1&a[][c]=2` fills one hash until a key repeats, which starts the next (Rack).
  const last = list.at(-1)
  if (isParams(last) && !hasPath(last, inner)) assign(last, inner, value)
  else {
    const fresh: Params = Object.create(null)
    assign(fresh, inner, value)
    list.push(fresh)
  }
}

function hasPath(params: Params, path: string[]): boolean {
  const [key, ...rest] = path as [string, ...string[]]
  if (key === '' || !(key in params)) return false
  if (rest.length === 0) return true
  const child = params[key]
  return isParams(child) && hasPath(child, rest)
}

/** ActionDispatch's deep munge: nulls are dropped from lists (`labels[]` alone is `[]`). */
function deepMunge(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(deepMunge)
  if (isParams(value)) {
    for (const key of Object.keys(value)) value[key] = deepMunge(value[key])
  }
  return value
}
