import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The layers are kept by biome.json's noRestrictedImports overrides (run by `npm run lint`). These
 * cases lint scratch files with a deliberate violation (and a few allowed imports), so the check
 * cannot silently stop working when the configuration or biome changes.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

/** Lints one scratch file at `relative` (made, then removed); true when the layer rule refused it. */
function refused(relative: string, source: string): boolean {
  const file = path.join(ROOT, relative);
  const folder = path.dirname(file);
  // The first folder it had to make, removed with the file (undefined when the folder existed).
  const made = mkdirSync(folder, { recursive: true });
  writeFileSync(file, source);
  try {
    const run = spawnSync(BIOME, ['lint', '--error-on-warnings', '--max-diagnostics=20', file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    if (run.status !== 0 && !output.includes('noRestrictedImports')) throw new Error(output);
    return output.includes('noRestrictedImports');
  } finally {
    rmSync(made ?? file, { recursive: true });
  }
}

const probe = (name: string) => `zz-layer-probe-${process.pid}-${name}.ts`;

describe('layer rules (biome noRestrictedImports)', { timeout: 30_000 }, () => {
  it('keep a feature out of another feature’s insides: only its index.ts', () => {
    const at = `packages/server/src/features/courses/${probe('feature')}`;
    expect(
      refused(at, "import { canManageUsers } from '../admin/policy.js';\nexport const x = canManageUsers;\n"),
    ).toBe(true);
    expect(refused(at, "import { isAdmin } from '../auth/policy.js';\nexport const x = isAdmin;\n")).toBe(true);
    expect(
      refused(
        at,
        "import { consoleDoor } from '../admin/index.js';\nimport { AppError } from '../../infra/errors.js';\n" +
          'export const x = [consoleDoor, AppError];\n',
      ),
    ).toBe(false);
  });

  it('let only policy.ts files use the role predicates', () => {
    const at = `packages/server/src/features/courses/policy.ts`;
    // Linted as the real file's path would be, under another folder so the real one is untouched.
    const scratch = at.replace('/courses/', `/${probe('policy').replace('.ts', '')}/`);
    expect(refused(scratch, "import { isAdmin } from '../auth/policy.js';\nexport const x = isAdmin;\n")).toBe(false);
    expect(
      refused(scratch, "import { canManageUsers } from '../admin/policy.js';\nexport const x = canManageUsers;\n"),
    ).toBe(true);
  });

  it('keep infra free of features', () => {
    const at = `packages/server/src/infra/db/${probe('infra')}`;
    expect(refused(at, "import type { Actor } from '../../features/auth/index.js';\nexport type X = Actor;\n")).toBe(
      true,
    );
    expect(refused(at, "import { AppError } from '../errors.js';\nexport const x = AppError;\n")).toBe(false);
  });

  it('keep the contract free of every package of ours', () => {
    const at = `packages/contract/src/${probe('contract')}`;
    expect(refused(at, "import { buildApp } from '../../server/src/app.js';\nexport const x = buildApp;\n")).toBe(true);
    expect(refused(at, "import { x } from '@yedyni/web';\nexport const y = x;\n")).toBe(true);
    expect(refused(at, "import { idSchema } from './common.js';\nexport const x = idSchema;\n")).toBe(false);
  });

  it('have the composition root and the CLI use features through their index.ts', () => {
    const at = `packages/server/src/cli/${probe('cli')}`;
    expect(
      refused(at, "import { UsersAdmin } from '../features/admin/users.js';\nexport const x = UsersAdmin;\n"),
    ).toBe(true);
    expect(
      refused(at, "import { UsersAdmin } from '../features/admin/index.js';\nexport const x = UsersAdmin;\n"),
    ).toBe(false);
  });

  it('keep a web feature out of another feature’s insides: only its index.ts', () => {
    const at = `packages/web/src/features/courses/components/${probe('web-feature')}`;
    expect(refused(at, "import { Badge } from '../../admin/parts';\nexport const x = Badge;\n")).toBe(true);
    // A lazy import is an import too.
    expect(refused(at, "export const x = () => import('../../chat/components/ChatPanel');\n")).toBe(true);
    expect(
      refused(
        at,
        "import { Badge } from '../../admin';\nimport { sortedLessons } from '../lib/lessons';\n" +
          "import { Button } from '../../../shared/ui/Button';\nexport const x = [Badge, sortedLessons, Button];\n",
      ),
    ).toBe(false);
    const top = `packages/web/src/features/courses/${probe('web-feature-top')}`;
    expect(refused(top, "import { chatTexts } from '../chat/texts';\nexport const x = chatTexts;\n")).toBe(true);
    expect(refused(top, "import { chatTexts } from '../chat';\nexport const x = chatTexts;\n")).toBe(false);
  });

  it('have the web’s app/ use a feature through its index.ts, screens and injected slices by path', () => {
    const at = `packages/web/src/app/${probe('web-app')}`;
    expect(
      refused(at, "import { selectCount } from '../features/homework/count';\nexport const x = selectCount;\n"),
    ).toBe(true);
    expect(
      refused(
        at,
        "import { selectUser } from '../features/auth';\nimport { exercisesReducer } from '../features/homework/slice';\n" +
          "export const x = [selectUser, exercisesReducer, () => import('../features/game/components/GamePage')];\n",
      ),
    ).toBe(false);
  });

  it('keep the web’s shared/ layer free of features and of app/', () => {
    const at = `packages/web/src/shared/lib/${probe('web-shared')}`;
    expect(refused(at, "import { authSlice } from '../../features/auth/slice';\nexport const x = authSlice;\n")).toBe(
      true,
    );
    expect(refused(at, "import { store } from '../../app/store';\nexport const x = store;\n")).toBe(true);
    expect(refused(at, "import { Prose } from '../ui/Prose';\nexport const x = Prose;\n")).toBe(false);
  });
});
