// @vitest-environment node
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import fences of eslint.config.js (docs/architecture.md "Import direction"), proven on probe files
// linted with the project's own configuration: a fence that let these through would fail here.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const FENCE = 'import-x/no-restricted-paths';

async function fencedImports(file: string, from: string) {
  const [result] = await eslint.lintText(`import * as probe from '${from}';\nexport default probe;\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === FENCE || m.fatal);
}

describe('import fences', { timeout: 60_000 }, () => {
  it('a feature never imports another feature (quotations-list -> offers)', async () => {
    const found = await fencedImports('src/features/quotations-list/probe.ts', '../offers/offers-page');
    expect(found.map((m) => m.ruleId)).toEqual([FENCE]);
  });

  it('shared code never imports a feature (src/ui -> src/features)', async () => {
    const found = await fencedImports('src/ui/probe.ts', '../features/offers/offers-page');
    expect(found.map((m) => m.ruleId)).toEqual([FENCE]);
  });

  it('lets a feature import itself, src/ui and core', async () => {
    expect(await fencedImports('src/features/quotations-list/probe.ts', './quotations-list-page')).toEqual([]);
    expect(await fencedImports('src/features/quotations-list/probe.ts', '../../ui/pagination')).toEqual([]);
    expect(await fencedImports('src/features/quotations-list/probe.ts', '@core/format')).toEqual([]);
  });

  it('fences every feature folder on disk, not a list kept by hand', async () => {
    const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(features.length).toBeGreaterThan(5);
    for (const [i, f] of features.entries()) {
      const other = features[(i + 1) % features.length];
      // A module that exists: the fence judges resolved paths.
      const target = readdirSync(path.join(root, 'src/features', other!)).find((n) => /\.tsx?$/.test(n) && !n.includes('.test.'));
      const found = await fencedImports(`src/features/${f}/probe.ts`, `../${other}/${target!.replace(/\.tsx?$/, '')}`);
      expect(
        found.map((m) => m.ruleId),
        `${f} -> ${other}`,
      ).toEqual([FENCE]);
    }
  });
});
