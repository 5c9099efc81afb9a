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

/**
 * Fixes to Swagger UI's markup that axe-core reports as serious or critical, made through its
 * component API rather than by editing the DOM after it draws.
 */
function AccessibleMarkup(system) {
  const h = system.React.createElement
  // Each operation's summary is a <button> (it expands the operation) holding the path as an
  // <a href="#/tag/operationId">: a link inside a button (axe nested-interactive), whose click
  // Swagger UI cancels anyway. Without an href it is plain text; the address bar still follows the
  // open operation, since deep linking works through Swagger UI's layout state, not these links.
  const OperationSummaryPath = (Original) => (props) =>
    h(Original, {
      ...props,
      operationProps: props.operationProps.set('isDeepLinkingEnabled', false),
    })
  // "Try it out" draws enum and boolean parameters as a bare <select> (axe select-name). The form
  // field is handed the parameter's name as its description: wrapping it in a <label> with that
  // name labels the field (text fields had only their placeholder as a name).
  const labelled = (Original) => (props) =>
    props.description
      ? h(
          'label',
          { className: 'parley-field' },
          h('span', { className: 'parley-visually-hidden' }, props.description),
          h(Original, props),
        )
      : h(Original, props)
  // The Authorize dialog's close button holds only this icon (hidden from assistive technology):
  // a button without a name (axe button-name). Only that button draws the icon.
  const CloseIcon = (Original) => (props) =>
    h('span', null, h(Original, props), h('span', { className: 'parley-visually-hidden' }, 'Close'))
  // A button whose aria-label leaves out its visible text ("Authorize" named "Apply
  // credentials") is not found by the words a speech user reads on it (axe
  // label-content-name-mismatch): such a label gives way to the visible text.
  const Button = (Original) => (props) => {
    const { children, 'aria-label': label, ...rest } = props
    const visible = typeof children === 'string' ? children.trim().toLowerCase() : null
    const keepsLabel = !label || visible === null || label.toLowerCase().includes(visible)
    return h(Original, keepsLabel ? props : rest, children)
  }
  return {
    wrapComponents: {
      OperationSummaryPath,
      JsonSchema_string: labelled,
      JsonSchema_boolean: labelled,
      CloseIcon,
      Button,
    },
  }
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
  // Swagger UI's default code theme (agate) draws numbers at 3.5:1 contrast; this one passes AA.
  syntaxHighlight: { theme: 'tomorrow-night' },
  tryItOutEnabled: false,
  presets: [window.SwaggerUIBundle.presets.apis],
  plugins: [FullOperationsList, AccessibleMarkup],
  layout: 'BaseLayout',
})
