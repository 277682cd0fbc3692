import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * What the root package.json declares (`engines.node`) must be true of everything the lock
 * installs: a dependency that wants a newer Node makes `npm install` warn EBADENGINE on the very
 * machines we support, and may break there (issue 18, item 15).
 */
const read = (name: string) => JSON.parse(readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8'));

describe('the declared Node versions', () => {
  it('hold for every package in the lock, from the oldest declared Node up', () => {
    const declared: string = read('package.json').engines.node;
    const oldest = semver.minVersion(declared)?.version ?? '';
    const packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> =
      read('package-lock.json').packages;
    const unmet = Object.entries(packages)
      .map(([where, entry]) => ({
        where,
        version: entry.version,
        node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(({ node }) => node !== undefined && !semver.satisfies(oldest, node));
    expect(oldest).toBe('20.19.0');
    expect(unmet).toEqual([]);
  });
});
