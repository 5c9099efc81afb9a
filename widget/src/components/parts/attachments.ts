// widget-part-attachments.js: a message's files (previews, players, download links), fetched
// when the first message with files shows; most conversations are text only.
export { Attachments } from '../Attachments'
