// widget-part-team.js: who is online (avatars, initials) and the end-chat question, with their
// strings and styles, fetched as the panel opens, so the first load stays within its budget.

export { default as css } from '../../styles/team.css?inline'
export { EndConfirm } from '../EndConfirm'
export { TeamPresence } from '../TeamPresence'
