import { describe, expect, it } from 'vitest';
import { parseWorkers } from './workers.ts';

describe('npm start -- --workers N', () => {
  it('reads the number of processes in either spelling, one without the option', () => {
    expect(parseWorkers([])).toBe(1);
    expect(parseWorkers(['--workers', '4'])).toBe(4);
    expect(parseWorkers(['--workers=2'])).toBe(2);
  });

  it('names what is wrong with a bad count', () => {
    expect(parseWorkers(['--workers', '0'])).toMatch(/^--workers: must be a whole number from 1/);
    expect(parseWorkers(['--workers', 'many'])).toContain('(got "many")');
    expect(parseWorkers(['--workers'])).toContain('(got "")');
  });
});
