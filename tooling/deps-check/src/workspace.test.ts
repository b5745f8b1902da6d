import { describe, expect, it } from 'vitest';
import { parseWorkspaceGlobs } from './workspace.js';

describe('parseWorkspaceGlobs', () => {
  it('reads the packages list and ignores the other settings', () => {
    const yaml = [
      '# comment',
      'packages:',
      '  - packages/*',
      "  - 'apps/*'",
      '  - "tooling/*" # trailing comment',
      '  - "!packages/legacy"',
      '',
      'engineStrict: true',
      'onlyBuiltDependencies:',
      '  - esbuild',
    ].join('\n');
    expect(parseWorkspaceGlobs(yaml)).toEqual([
      'packages/*',
      'apps/*',
      'tooling/*',
      '!packages/legacy',
    ]);
  });

  it('rejects glob forms it cannot expand', () => {
    expect(() => parseWorkspaceGlobs('packages:\n  - packages/**\n')).toThrow(/packages\/\*\*/);
  });
});
