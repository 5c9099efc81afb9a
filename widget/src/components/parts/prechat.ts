// widget-part-prechat.js: the pre-chat form, fetched when an inbox asks for it.
export { PreChatForm } from '../PreChatForm'
