import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureUkrainianMessages } from './common.js';

// The web's build takes every `z.…` call for pure (packages/web/vite.config.ts,
// `manualPureFunctions`), so that the schemas a screen imports but never calls leave its chunk,
// zod with them. A `z.…` call made for its effect, its result unused, would be dropped from the
// build without a word: none may exist where the web's code comes from.
const ROOTS = ['../../contract/src', '../../web/src'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('zod in the web build', () => {
  it('is never called as `z.…` for an effect alone, which the build would drop', () => {
    const files = ROOTS.flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const effects = files.flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, i) => {
        // A statement of its own: it begins a line, and the line before ended one (or a block began).
        const before = lines[i - 1]?.trim() ?? '';
        const statement = before === '' || /[;{}]$/.test(before) || /^(\/\/|\*|\/\*)/.test(before);
        if (!statement || !/^\s*(?:void\s+)?z\.[\w.]+\(/.test(line)) return [];
        return [`${path.relative(process.cwd(), file)}:${i + 1}: ${line.trim()}`];
      });
    });
    expect(effects).toEqual([]);
  });

  it('speaks Ukrainian once configured', () => {
    configureUkrainianMessages();
    const checked = z.number().safeParse('сім');
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]?.message).toMatch(/^Неправильні вхідні дані/);
  });
});
