// widget-part-rich.js: interactive messages, fetched when the first one shows.
export { RichMessage } from '../RichMessage'
