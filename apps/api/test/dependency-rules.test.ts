import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cruise,
  type ICruiseResult,
  type IForbiddenRuleType,
  type IRegularForbiddenRuleType,
} from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

// The rules `npm run lint` enforces (decision 070), tried on small made-up trees laid out like the repo's.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const config = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
};

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Writes the files (path → its imports) in a fresh folder and answers the rules each break. */
async function brokenRules(files: Record<string, string[]>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  tree = root;
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    const lines = imports.map((target, index) => `import * as imported${index} from '${target}';`);
    writeFileSync(join(root, path), `${lines.join('\n')}\nexport const here = 1;\n`);
  }
  const cruised = await cruise(Object.keys(files), {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  const result = cruised.output as ICruiseResult;
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
}

describe('the dependency rules', () => {
  it('let modules depend one way', async () => {
    expect(
      await brokenRules({
        'apps/api/src/modules/grading/grading.service.ts': [
          '../results/results.service.ts',
          './grading.repo.ts',
        ],
        'apps/api/src/modules/results/results.service.ts': ['./standings.ts'],
        'apps/api/src/modules/results/standings.ts': [],
        'apps/api/src/modules/grading/grading.repo.ts': [],
      }),
    ).toEqual([]);
  });

  it('fail a module that imports one above it, which would close a circle between modules', async () => {
    expect(
      await brokenRules({
        'apps/api/src/modules/results/results.service.ts': ['../grading/grading.service.ts'],
        'apps/api/src/modules/grading/grading.service.ts': ['../results/standings.ts'],
        'apps/api/src/modules/results/standings.ts': [],
      }),
    ).toEqual(['server-one-way']);
  });

  it('fail lib reaching up into a module', async () => {
    expect(
      await brokenRules({
        'apps/api/src/lib/cache.ts': ['../modules/results/standings.ts'],
        'apps/api/src/modules/results/standings.ts': [],
      }),
    ).toEqual(['server-one-way']);
  });

  it('fail a circle between files of one module', async () => {
    expect(
      await brokenRules({
        'apps/api/src/modules/results/results.service.ts': ['./sheet-cache.ts'],
        'apps/api/src/modules/results/sheet-cache.ts': ['./results.service.ts'],
      }),
    ).toEqual(['no-circle']);
  });

  it("fail a module that reads another module's repository", async () => {
    expect(
      await brokenRules({
        'apps/api/src/modules/certificates/certificates.service.ts': ['../auth/auth.repo.ts'],
        'apps/api/src/modules/auth/auth.repo.ts': [],
      }),
    ).toEqual(['server-no-other-modules-repository']);
  });

  it('fail a web room that imports the one above it, and the circle it closes', async () => {
    expect(
      await brokenRules({
        'apps/web/src/features/auth/slice.ts': ['../../lib/api.ts'],
        'apps/web/src/lib/api.ts': ['../features/auth/slice.ts'],
      }),
    ).toEqual(['no-circle', 'web-lower-rooms-not-features-or-app']);
  });

  it('fail a feature that imports another feature than auth', async () => {
    expect(
      await brokenRules({
        'apps/web/src/features/results/api.ts': ['../auth/slice.ts', '../exam/api.ts'],
        'apps/web/src/features/auth/slice.ts': [],
        'apps/web/src/features/exam/api.ts': [],
      }),
    ).toEqual(['web-features-only-auth']);
  });

  it('fail i18n importing lib', async () => {
    expect(
      await brokenRules({
        'apps/web/src/i18n/language-api.ts': ['../lib/api.ts'],
        'apps/web/src/lib/api.ts': [],
      }),
    ).toEqual(['web-i18n-only-shared']);
  });
});

/** The server's rooms as the configuration orders them, from the bottom up (its `server-one-way` rules). */
function configuredServerRooms(): string[] {
  const oneWay = config.forbidden.filter(
    (rule): rule is IRegularForbiddenRuleType => rule.name === 'server-one-way' && 'to' in rule,
  );
  const room = (pattern: string) =>
    pattern.replace('^apps/api/src/', '').replace(/\/$/, '').replace('[.]ts$', '.ts');
  const top = oneWay.at(-1)?.to.path;
  return [
    ...oneWay.map((rule) => room(String(rule.from.path))),
    room(String(Array.isArray(top) ? top.at(-1) : top)),
  ];
}

/** The rooms drawn in docs/architecture.md ('Which room may use which'), from the bottom up. */
function documentedServerRooms(): string[] {
  const doc = readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8');
  const drawing = doc.split('### Which room may use which')[1]?.split('```')[1] ?? '';
  return drawing
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => (line.split(/\s{3,}/)[0] ?? '').trim().split(/\s+/))
    .map((name) => name.replace(/\/$/, ''))
    .reverse();
}

describe("the server's rooms", () => {
  it('are drawn in docs/architecture.md in the order the lint checks', () => {
    const configured = configuredServerRooms();
    expect(configured).toContain('modules/grading');
    expect(documentedServerRooms()).toEqual(configured);
  });
});
