/**
 * Which part of the code may import which (docs/architecture.md, decision 070). Run by `npm run lint`; what
 * already broke a rule when it came in is listed in .dependency-cruiser-known-violations.json, so that only a
 * new break fails. Fixing one shrinks that list: `npm run lint:deps:baseline` writes it anew.
 */

/**
 * The server's rooms from the bottom up: each may import those below it, never one above. A total order
 * leaves no room for a circle; a new dependency that must go up is a decision, taken by moving a room here.
 */
const SERVER_ROOMS = [
  'checks',
  'config.ts',
  'db',
  'lib',
  'mail',
  'plugins',
  'modules/audit',
  'modules/auth',
  'modules/media',
  'modules/competitions',
  'modules/preliminary',
  'modules/registration',
  'modules/admit-card',
  'modules/receipts',
  'modules/exam',
  'modules/look-alikes',
  'modules/results',
  'modules/grading',
  'modules/certificates',
  'modules/verify',
  'modules/rechecks',
  'modules/check-in',
  'modules/ebooks',
  'modules/profile',
  'modules/tutorials',
  'modules/announcements',
  'modules/health',
  'modules/admin',
  'jobs',
  'storage-copy',
  'backup',
  'app.ts',
  'worker.ts',
  'server.ts',
  'cli',
];

const serverRoom = (room) =>
  `^apps/api/src/${room.replaceAll('.', '[.]')}${room.endsWith('.ts') ? '$' : '/'}`;
const serverOneWay = SERVER_ROOMS.slice(0, -1).map((room, index) => ({
  name: 'server-one-way',
  comment: `${room} may import only the server's rooms below it (SERVER_ROOMS).`,
  severity: 'error',
  from: { path: serverRoom(room) },
  to: { path: SERVER_ROOMS.slice(index + 1).map(serverRoom) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...serverOneWay,
    {
      name: 'server-no-other-modules-repository',
      comment:
        'A module owns its tables: others call its service or its public entry file, never its repository (*.repo.ts).',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '^apps/api/src/modules/[^/]+/.+[.]repo[.]ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'server-no-other-modules-repository-from-outside',
      comment:
        'Mail, jobs, backups, plugins and lib call a module through its service, never its repository (*.repo.ts).',
      severity: 'error',
      from: { path: '^apps/api/src/(mail|jobs|backup|plugins|lib|storage-copy)/' },
      to: { path: '^apps/api/src/modules/[^/]+/.+[.]repo[.]ts$' },
    },
    {
      name: 'web-features-not-app',
      comment: 'app → features: a feature never imports the app (router, store, layout).',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-features-only-auth',
      comment: 'A feature imports no other feature but auth (who is signed in); auth imports none.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/auth/'],
      },
    },
    {
      name: 'web-features-only-auth',
      comment: 'A feature imports no other feature but auth (who is signed in); auth imports none.',
      severity: 'error',
      from: { path: '^apps/web/src/features/auth/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/auth/' },
    },
    {
      name: 'web-lower-rooms-not-features-or-app',
      comment:
        'components, lib, i18n, config and content sit below the features and the app, and import neither.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|i18n|config|content)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-i18n-only-shared',
      comment: 'i18n imports only the shared package, config and its own files.',
      severity: 'error',
      from: { path: '^apps/web/src/i18n/' },
      to: { path: '^apps/web/src/(components|lib|content)/' },
    },
    {
      name: 'web-lib-not-components',
      comment: "lib's helpers have no UI: they never import components.",
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'web-config-and-content-only-shared',
      comment:
        "config (paths) and content (the site's texts) sit at the bottom: they import only the shared package.",
      severity: 'error',
      from: { path: '^apps/web/src/(config|content)/' },
      to: { path: '^apps/web/src/(i18n|lib|components)/' },
    },
    {
      name: 'no-circle',
      comment: 'No file reaches, through others, back to itself.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-neither-app',
      comment: 'The shared package imports neither the server nor the web app.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests sit beside what they test and may set up the whole app: the rules are about the product's code.
    exclude: { path: '(^|/)node_modules/|[.]test[.]tsx?$|^apps/web/src/test/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
