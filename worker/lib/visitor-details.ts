import { browserInfo } from '../../protocol/shared/browser-info'

/**
 * What a conversation the public client API starts records of its visitor, in the keys Chatwoot's
 * widget conversations carry in `additional_attributes`: the browser (from the User-Agent, with
 * the widget's own parser), the browser's first language, the page (`referer_url` from the
 * client, as the page is another origin's and the Referer header carries only that origin), when
 * it began, and, on Cloudflare, where from (`request.cf`; absent locally).
 */
export function visitorDetails(request: Request, refererUrl: string | undefined, now: number) {
  const userAgent = request.headers.get('user-agent')
  const language = request.headers.get('accept-language')?.split(',')[0]?.split(';')[0]?.trim()
  const cf = (request as { cf?: { country?: unknown; city?: unknown } }).cf
  const details: Record<string, unknown> = {
    initiated_at: { timestamp: new Date(now * 1000).toISOString() },
  }
  if (userAgent) details.browser = browserInfo(userAgent)
  if (language) details.browser_language = language
  if (refererUrl) details.referer = refererUrl
  if (typeof cf?.country === 'string') details.country_code = cf.country
  if (typeof cf?.city === 'string') details.city = cf.city
  return details
}
