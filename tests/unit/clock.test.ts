import { describe, expect, it } from 'vitest';
import { jakartaToday } from '../../src/domain/clock';

describe('jakartaToday', () => {
  it('turns at Jakarta midnight (17:00 UTC), asked forwards and backwards', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(jakartaToday(at('2028-02-28T16:59:59.999Z'))).toBe('2028-02-28');
    expect(jakartaToday(at('2028-02-28T17:00:00.000Z'))).toBe('2028-02-29');
    expect(jakartaToday(at('2028-02-29T16:59:59.999Z'))).toBe('2028-02-29');
    expect(jakartaToday(at('2028-02-29T17:00:00.000Z'))).toBe('2028-03-01');
    expect(jakartaToday(at('2028-02-28T16:59:59.999Z'))).toBe('2028-02-28');
    expect(jakartaToday(at('1969-12-31T16:59:59.000Z'))).toBe('1969-12-31');
    expect(jakartaToday(at('1969-12-31T17:00:00.000Z'))).toBe('1970-01-01');
  });
});
