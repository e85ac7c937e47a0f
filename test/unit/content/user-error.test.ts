/** A team's mistake reaches Astro as its own user error: the message, a hint, and nothing Astro would print a stack for. */
import { describe, expect, it } from 'vitest';
import { AstroError } from 'astro/errors';
import { asAstroError } from '../../../src/content/user-error.ts';
import { ConfigError, PortalError, SnapshotError } from '../../../src/shared/errors.ts';

describe('asAstroError', () => {
  it("makes a config, portal or snapshot mistake Astro's user error, with its message, a hint, no stack and no cause", () => {
    const portal = new PortalError('GET https://api.example.com/v1/issues/ws failed: connect ECONNREFUSED. Check PORTAL_API_URL.', {
      kind: 'network',
      url: 'https://api.example.com/v1/issues/ws',
      cause: new Error('ECONNREFUSED'),
    });
    for (const [error, hint] of [
      [new ConfigError('prefix: use a path, e.g. "/roadmap"'), 'docs/reference/config.md'],
      [portal, 'PORTAL_API_URL and PORTAL_WORKSPACE_ID'],
      [new SnapshotError('snapshot.json is not a snapshot'), 'portal-roadmap fetch'],
    ] as const) {
      const thrown = asAstroError(error) as AstroError;
      expect(thrown).toBeInstanceOf(AstroError);
      expect(thrown).toMatchObject({ type: 'AstroUserError', name: 'portal-roadmap', message: error.message, stack: '' });
      expect(thrown.hint).toContain(hint);
      expect(thrown.cause).toBeUndefined();
    }
  });

  it('takes a hint of its own, and leaves a bug as it is', () => {
    expect((asAstroError(new ConfigError('x'), 'Save the file again.') as AstroError).hint).toBe('Save the file again.');
    const bug = new TypeError('undefined is not a function');
    expect(asAstroError(bug)).toBe(bug);
  });
});
