import { escapeHtml } from '../../email/render-reply'

/**
 * The public CSAT rating page an email survey links to (Chatwoot's /survey/responses/{uuid}):
 * plain server-rendered HTML that works with no script at all: a form posted to the page's own
 * URL, then the thank-you state. Its only style is the stylesheet below, served by the worker, so
 * the policy allows no inline script or style.
 */

export const CSAT_PAGE_CSS_PATH = '/survey/survey.css'

export const CSAT_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

const RATINGS = [
  [1, 'Very dissatisfied'],
  [2, 'Dissatisfied'],
  [3, 'Neutral'],
  [4, 'Satisfied'],
  [5, 'Very satisfied'],
] as const

export const CSAT_PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f4f5f7}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d3d8de;border-radius:.75rem}
h1{font-size:1.25rem;margin:0 0 1rem}
p{margin:0 0 1rem}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:600;margin-bottom:.5rem;padding:0}
.ratings{display:flex;gap:.5rem;flex-wrap:wrap}
.rating{flex:1 1 4.5rem;position:relative}
.rating input{position:absolute;opacity:0;inset:0;margin:0;width:100%;height:100%;cursor:pointer}
.rating label{display:flex;flex-direction:column;align-items:center;padding:.5rem .25rem;border:2px solid #9aa5b1;border-radius:.5rem;text-align:center;font-size:.8rem;min-height:4.5rem;justify-content:center}
.rating label strong{font-size:1.25rem}
.rating input:checked+label{border-color:#1d4ed8;background:#e0e8ff}
.rating input:focus-visible+label{outline:3px solid #1d4ed8;outline-offset:2px}
label.comment{display:block;font-weight:600;margin-bottom:.25rem}
textarea{width:100%;min-height:6rem;font:inherit;padding:.5rem;border:1px solid #7b8794;border-radius:.5rem}
textarea:focus-visible{outline:3px solid #1d4ed8;outline-offset:1px}
button{margin-top:1rem;font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:.5rem;padding:.6rem 1.25rem;cursor:pointer}
button:focus-visible{outline:3px solid #1f2933;outline-offset:2px}
.error{color:#b42318;font-weight:600}
blockquote{margin:0 0 1rem;padding:.5rem 1rem;border-left:4px solid #9aa5b1;color:#3e4c59}
`.trim()

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${CSAT_PAGE_CSS_PATH}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>`
}

export type CsatPageState =
  | { kind: 'form'; inboxName: string; action: string; error?: string }
  | { kind: 'answered'; inboxName: string; rating: number; feedback: string | null }
  | { kind: 'closed'; inboxName: string }
  | { kind: 'not_found' }

const ratingName = (rating: number) => RATINGS.find(([value]) => value === rating)?.[1] ?? ''

function form(action: string, error?: string) {
  const options = RATINGS.map(
    ([value, name]) => `<div class="rating">
<input type="radio" id="rating-${value}" name="rating" value="${value}" required>
<label for="rating-${value}"><strong>${value}</strong>${name}</label>
</div>`,
  ).join('\n')
  return `<form method="post" action="${escapeHtml(action)}">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<fieldset>
<legend>How would you rate your conversation? (1 to 5)</legend>
<div class="ratings">
${options}
</div>
</fieldset>
<label class="comment" for="feedback_message">Anything you would like to tell us? (optional)</label>
<textarea id="feedback_message" name="feedback_message" maxlength="2000"></textarea>
<button type="submit">Submit rating</button>
</form>`
}

/** The page for `state`, as a complete HTML document. */
export function renderCsatPage(state: CsatPageState) {
  switch (state.kind) {
    case 'form':
      return layout(
        `Rate your conversation with ${state.inboxName}`,
        `<h1>Rate your conversation with ${escapeHtml(state.inboxName)}</h1>\n${form(state.action, state.error)}`,
      )
    case 'answered':
      return layout(
        `Thank you: ${state.inboxName}`,
        `<h1>Thank you for your feedback</h1>
<p>You rated your conversation with ${escapeHtml(state.inboxName)} <strong>${state.rating} out of 5</strong> (${ratingName(state.rating)}).</p>
${state.feedback ? `<blockquote>${escapeHtml(state.feedback)}</blockquote>` : ''}`,
      )
    case 'closed':
      return layout(
        `Survey closed: ${state.inboxName}`,
        `<h1>This survey has closed</h1>
<p>Ratings for your conversation with ${escapeHtml(state.inboxName)} were taken for 14 days after it was resolved.</p>`,
      )
    case 'not_found':
      return layout(
        'Survey not found',
        '<h1>Survey not found</h1>\n<p>This link does not lead to a survey. Check that it was copied whole.</p>',
      )
  }
}
