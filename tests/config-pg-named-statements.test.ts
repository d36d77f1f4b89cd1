import { describe, expect, it } from 'vitest';
import { loadConfig } from '../transport/config';

// PG_NAMED_STATEMENTS reads like every other on/off setting: on unless set to a false word.
describe('PG_NAMED_STATEMENTS', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['true', true],
    ['1', true],
    ['on', true],
    ['false', false],
    ['0', false],
    ['off', false],
    ['no', false],
  ])('%j → %s', (value, expected) => {
    const env: NodeJS.ProcessEnv = value === undefined ? {} : { PG_NAMED_STATEMENTS: value };
    expect(loadConfig(env).pgNamedStatements).toBe(expected);
  });
});
