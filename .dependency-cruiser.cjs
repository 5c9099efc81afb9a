/**
 * The import rules of docs/architecture.md (DESIGN §16), checked by `npm run lint`.
 *
 *   adapters: worker/routes, worker/middleware, worker/app.ts, worker/index.ts, worker/scheduled.ts,
 *             worker/queues, worker/durable-objects (HTTP, cron, queue, sockets → actor + input)
 *     └─► domain: worker/conversations, contacts, funnels, reports, webhooks, files, scale, phone,
 *                 identity, accounts, email, automation, assignment (plain functions: state + input +
 *                 actor + now)
 *           └─► worker/db (schema, queries, batches) · worker/events · worker/live
 *                 └─► worker/lib (pure helpers)
 *   protocol/ ◄── worker, widget, dashboard
 *
 * Every rule says why it exists. A rule that names another helper's unfinished part of issue 29
 * says so, and passes once that part lands.
 */

/** HTTP: the framework itself, and the worker's own request-shaped modules. */
const HONO = '^node_modules/(hono|@hono/[^/]+)/'
const HTTP_MODULES = [
  HONO,
  '^worker/env\\.ts$',
  '^worker/middleware/',
  '^worker/routes/',
  '^worker/app\\.ts$',
  '^worker/index\\.ts$',
]

/** Modules of the domain: what a conversation, contact, funnel… is and how it changes. */
const DOMAIN =
  '^worker/(conversations|contacts|funnels|reports|webhooks|files|scale|identity|accounts|email|phone|automation|assignment)/'

module.exports = {
  forbidden: [
    {
      name: 'domain-not-http',
      comment:
        'The domain is plain functions (state + input + actor + now → statements + events) so ' +
        'that routes, the cron, queue consumers and email or webhook intake can all call them. ' +
        'A Hono Context, the request env, middleware or a route inside it ties it to HTTP.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: HTTP_MODULES },
    },
    {
      name: 'domain-not-adapters',
      comment:
        'Adapters call the domain, never the reverse: a domain module that imports a queue ' +
        'consumer, a Durable Object or the cron could not be reused by the next adapter (email ' +
        'or webhook intake) without bringing that one along.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: ['^worker/(queues|durable-objects)/', '^worker/scheduled\\.ts$'] },
    },
    {
      name: 'lib-is-pure',
      comment:
        'lib/ holds pure helpers (crypto, ids, csv, time, log…) that anything may use, the ' +
        'database layer included. A helper that reaches the database, a live room, middleware, ' +
        'a route or Hono is a service and belongs in a domain module or an adapter.',
      severity: 'error',
      from: { path: '^worker/lib/' },
      to: {
        path: ['^worker/db/', '^worker/live/', '^worker/events/', ...HTTP_MODULES, DOMAIN],
      },
    },
    {
      name: 'db-is-the-bottom',
      comment:
        'db/ (schema, queries, batches, shard routing) sits under everything that writes: it may ' +
        'use lib/ and its own files only. A query that imports a route, middleware, the domain, ' +
        'events or live rooms would make the layers above it impossible to reuse or test apart.',
      severity: 'error',
      from: { path: '^worker/db/' },
      to: {
        path: [
          ...HTTP_MODULES,
          '^worker/errors\\.ts$',
          DOMAIN,
          '^worker/(events|live|queues|durable-objects|schemas)/',
          '^worker/scheduled\\.ts$',
        ],
        // Type-only imports of the event kinds (the outbox's row shape) and report periods
        // name data the tables store; they carry no behaviour upward.
        pathNot: ['^worker/events/kinds\\.ts$', '^worker/reports/periods\\.ts$'],
      },
    },
    {
      name: 'events-below-the-domain',
      comment:
        'events/ (the outbox: commit, publish, sweep) sits under the domain, which commits ' +
        'through it. A domain module imported by events/ is one that calls events/ back (a ' +
        "reply's mail queued from publish was a cycle: email/outbound → events/outbox → " +
        'events/publish → email/outbound), and it would run for every adapter that publishes. ' +
        'Work the domain wants done on publishing is handed in by the adapter as a follow-up ' +
        '(events/publish.ts `PublishFollowUp`, queues/follow-ups.ts). webhooks/ is the one ' +
        'exception: fanning events out to webhooks is the second half of publishing itself.',
      severity: 'error',
      from: { path: '^worker/events/' },
      to: { path: DOMAIN, pathNot: '^worker/webhooks/' },
    },
    {
      name: 'hono-only-in-http-adapters',
      comment:
        'Hono is the HTTP adapter. Outside routes, middleware, app.ts and index.ts it is allowed ' +
        'only where it must be: env.ts builds the OpenAPIHono routers and types the request ' +
        "context; errors.ts renders the error envelope from Hono's Context and HTTPException; " +
        'schemas, field-errors, asyncapi and openapi-webhooks describe the API with ' +
        "@hono/zod-openapi's `z` and `.openapi()`, which /openapi.json is generated from.",
      severity: 'error',
      from: {
        path: '^worker/',
        pathNot: [
          '^worker/(routes|middleware|schemas)/',
          '^worker/(app|index|env|errors|field-errors|asyncapi|openapi-webhooks)\\.ts$',
        ],
      },
      to: { path: HONO },
    },
    {
      name: 'error-envelope-not-above-it',
      comment:
        'errors.ts is the one error helper every layer throws through; it must not import a ' +
        'query, the domain or a route, or those would sit below the helper that reports them.',
      severity: 'error',
      from: { path: '^worker/(errors|field-errors|env)\\.ts$' },
      to: {
        path: [
          '^worker/db/queries/',
          DOMAIN,
          '^worker/routes/',
          '^worker/(events|live|queues|durable-objects)/',
        ],
      },
    },
    {
      name: 'env-not-middleware',
      comment:
        'env.ts types the request context that middleware fills in; importing middleware makes ' +
        'the two depend on each other. The types it needs live below both (worker/identity).',
      severity: 'error',
      from: { path: '^worker/env\\.ts$' },
      to: { path: '^worker/middleware/' },
    },
    {
      name: 'widget-not-other-apps',
      comment:
        'The widget ships to every website that embeds it, under a size budget: it may use ' +
        "protocol/ (the shared contract) but no dashboard or worker source. (Helper C's part of " +
        'issue 29 moves the shared code into protocol/.)',
      severity: 'error',
      from: { path: '^widget/' },
      to: { path: '^(dashboard|worker)/' },
    },
    {
      name: 'dashboard-not-other-apps',
      comment:
        'The dashboard is built and released on its own: it takes the API types and the shared ' +
        "client code from protocol/, never from the widget's or the worker's source. (Helper C's " +
        'part of issue 29 moves them into protocol/.)',
      severity: 'error',
      from: { path: '^dashboard/' },
      to: { path: '^(widget|worker)/' },
    },
    {
      name: 'worker-not-other-apps',
      comment:
        'The worker serves the apps; it must not compile their source into itself. What it ' +
        "shares with them lives in protocol/. (Helper C's part of issue 29 moves it there.)",
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^(widget|dashboard)/' },
    },
    {
      name: 'protocol-is-the-bottom',
      comment:
        'protocol/ is the contract all three apps import; it importing any of them would bring ' +
        'that app into the others.',
      severity: 'error',
      from: { path: '^protocol/' },
      to: { path: '^(widget|dashboard|worker)/' },
    },
    {
      name: 'worker-no-runtime-cycles',
      comment:
        'A cycle means two modules cannot be understood, tested or moved apart, and at run time ' +
        'one of them sees the other half-initialised. The worker has none that carries values; ' +
        'this keeps it so. (Cycles through type-only imports are the warning below.)',
      severity: 'error',
      from: { path: '^worker/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular',
      comment:
        'Every other cycle, type-only ones included: a warning until there are none (the widget ' +
        'and dashboard have some; db/queries/conversations.ts re-exports its parts, which take ' +
        'types back from it). `npm run lint` lists them.',
      severity: 'warn',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a domain module that imports Hono's Context type is still tied to it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    exclude: { path: '^(widget|dashboard)/(dist|build)/' },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
