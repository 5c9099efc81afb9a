// widget-part-past.js: the visitor's earlier conversations, with their strings and styles,
// fetched when a returning visitor asks for them (most never do).

export { default as css } from '../../styles/past.css?inline'
export { PastConversations } from '../PastConversations'
