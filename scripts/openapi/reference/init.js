// Starts Swagger UI on /docs. An external script, so the page's CSP needs no 'unsafe-inline'.
// No validator badge (it would call validator.swagger.io): the page loads nothing off its origin.

/**
 * Swagger UI 5.33+ virtualizes the operations list once its rows (every tag, plus the operations
 * of the open tags) reach 150: only the rows near the viewport are then in the DOM. Parley's
 * 26 tags and ~150 operations cross that line part way through opening the tags, and from then on
 * the tags and operations further down are not drawn (nor found by the browser's find-in-page,
 * printed, or read by assistive technology that walks the page) and the reader's place jumps.
 * This replaces the `operations` component with the full list Swagger UI itself draws below the
 * threshold (the same OperationTag and OperationContainer components, in the same markup).
 */
function FullOperationsList(system) {
  const h = system.React.createElement
  function operations({
    specSelectors,
    oas3Selectors,
    layoutSelectors,
    layoutActions,
    getComponent,
    getConfigs,
  }) {
    // Already narrowed by the filter box (Swagger UI's filter plugin wraps this selector).
    const taggedOperations = specSelectors.taggedOperations()
    if (taggedOperations.size === 0) return h('h3', null, ' No operations defined in spec!')
    const validMethods = specSelectors.validOperationMethods()
    const OperationContainer = getComponent('OperationContainer', true)
    const OperationTag = getComponent('OperationTag')
    const tagSections = taggedOperations.map((tagObj, tag) =>
      h(
        OperationTag,
        {
          key: `operation-${tag}`,
          tagObj,
          tag,
          oas3Selectors,
          layoutSelectors,
          layoutActions,
          getConfigs,
          getComponent,
          specUrl: specSelectors.url(),
        },
        h(
          'div',
          { className: 'operation-tag-content' },
          tagObj
            .get('operations')
            .map((op) => {
              const path = op.get('path')
              const method = op.get('method')
              if (!validMethods.includes(method)) return null
              return h(OperationContainer, {
                key: `${path}-${method}`,
                specPath: op.get('specPath'),
                op,
                path,
                method,
                tag,
              })
            })
            .toArray(),
        ),
      ),
    )
    return h('div', null, tagSections.valueSeq().toArray())
  }
  return { components: { operations } }
}

window.ui = window.SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  // Start folded (the reference is long), filterable by tag, with request times shown.
  docExpansion: 'none',
  filter: true,
  displayRequestDuration: true,
  tryItOutEnabled: false,
  presets: [window.SwaggerUIBundle.presets.apis],
  plugins: [FullOperationsList],
  layout: 'BaseLayout',
})
