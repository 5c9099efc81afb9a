// The checked-in corpus (built by build-corpus.mjs with nodemailer in Node), read as text: every
// file is 7-bit, so a string is its exact bytes.
import apple from './corpus/apple-reply.eml?raw'
import attachment from './corpus/attachment.eml?raw'
import autoReply from './corpus/auto-reply.eml?raw'
import bounce from './corpus/bounce.eml?raw'
import forwarded from './corpus/forwarded.eml?raw'
import gmail from './corpus/gmail-reply.eml?raw'
import gmailDuplicate from './corpus/gmail-reply-duplicate.eml?raw'
import htmlOnly from './corpus/html-only.eml?raw'
import inlineImage from './corpus/inline-image.eml?raw'
import latin1 from './corpus/latin1.eml?raw'
import listMail from './corpus/list-mail.eml?raw'
import outlookOriginal from './corpus/outlook-original-message.eml?raw'
import outlook from './corpus/outlook-reply.eml?raw'
import shiftJis from './corpus/shift-jis.eml?raw'

export const corpus = {
  apple,
  attachment,
  autoReply,
  bounce,
  forwarded,
  gmail,
  gmailDuplicate,
  htmlOnly,
  inlineImage,
  latin1,
  listMail,
  outlook,
  outlookOriginal,
  shiftJis,
}

export const envelope = { from: 'sender@example.com', to: 'support@parley.test' }
