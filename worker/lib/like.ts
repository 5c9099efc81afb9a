/** LIKE patterns with `escape '\'`: the searched text matches literally, `%` and `_` included. */

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** A pattern matching any value that contains `text`. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`
