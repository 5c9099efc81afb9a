// widget-part-rich.js: interactive messages, fetched when the first one shows, with their styles.
export { default as css } from '../../styles/rich.css?inline'
export { RichMessage } from '../RichMessage'
