import { expect } from 'vitest';
import { ConfigError } from '../../src/shared/errors.ts';

/** The message of the `ConfigError` that `fn` throws; fails the test when it throws nothing, or something else. */
export function configErrorMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}
