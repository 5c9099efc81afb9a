/**
 * The code a site owner pastes. Both load the loader from this Parley's origin (the dashboard is
 * served by the same worker). Parley's names the inbox in the URL, so the worker writes the inbox
 * colour into the loader (a site's CSP needs Parley only in script-src and connect-src);
 * chatwootSDK.run is the Chatwoot shim, so Chatwoot's snippet only changes the script URL (the
 * launcher takes the inbox colour once its settings arrive, at idle time).
 */
export function embedSnippet(origin: string, identifier: string) {
  return `<script src="${origin}/widget.js?inbox=${encodeURIComponent(identifier)}" async></script>`
}

export function chatwootSnippet(origin: string, identifier: string) {
  return `<script>
  window.chatwootSettings = { position: 'right' };
  (function(d,t) {
    var BASE_URL = '${origin}';
    var g = d.createElement(t), s = d.getElementsByTagName(t)[0];
    g.src = BASE_URL + '/widget.js';
    g.defer = true;
    g.async = true;
    s.parentNode.insertBefore(g, s);
    g.onload = function () {
      window.chatwootSDK.run({
        websiteToken: '${identifier}',
        baseUrl: BASE_URL
      });
    };
  })(document, 'script');
</script>`
}

/** How an app starts a conversation through the public client API. */
export function publicApiExample(origin: string, identifier: string) {
  return `curl -X POST '${origin}/public/api/v1/inboxes/${identifier}/contacts' \\
  -H 'content-type: application/json' \\
  -d '{"name": "Jane Doe", "email": "jane@example.com"}'
# Then, with the answer's source_id:
# POST /public/api/v1/inboxes/${identifier}/contacts/{source_id}/conversations
# POST /public/api/v1/inboxes/${identifier}/contacts/{source_id}/conversations/{id}/messages`
}

/** Server-side identifier_hash examples, as Chatwoot documents them. */
export function hmacExamples(token: string) {
  return {
    node: `const crypto = require('node:crypto')
const identifierHash = crypto
  .createHmac('sha256', '${token}')
  .update(user.id.toString())
  .digest('hex')`,
    ruby: `OpenSSL::HMAC.hexdigest('sha256', '${token}', user.id.to_s)`,
    php: `hash_hmac('sha256', (string) $user->id, '${token}');`,
    page: `window.$chatwoot.setUser(user.id, {
  name: user.name,
  email: user.email,
  identifier_hash: identifierHash, // computed on your server
})`,
  }
}
