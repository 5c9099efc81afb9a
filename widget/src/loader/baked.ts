/**
 * The slot for the inbox colour: GET /widget.js?inbox=… (worker/routes/public/widget-loader.ts,
 * LOADER_COLOR_SLOT) replaces this string literal in the built loader with the inbox's colour.
 * Served plain, it stays as is, which is not a colour: the launcher keeps the default until the
 * inbox settings arrive.
 */
export const INBOX_COLOR: string = '#parley-inbox-color'
