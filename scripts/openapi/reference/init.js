// Starts Swagger UI on /docs. An external script, so the page's CSP needs no 'unsafe-inline'.
// No validator badge (it would call validator.swagger.io): the page loads nothing off its origin.
window.ui = window.SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  // The API's tags and operations are many: start folded (Swagger UI 5.35 stops rendering part
  // way down when every tag starts open), filterable by tag, with request times shown.
  docExpansion: 'none',
  filter: true,
  displayRequestDuration: true,
  tryItOutEnabled: false,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})
