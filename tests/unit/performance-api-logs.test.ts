import { describe, it, expect } from 'vitest';
import {
  formatDuration,
  isGoodSuccessRate,
  shortUserId,
  statusClassColor,
  tabBadge,
} from '../../src/domain/api-logs';

describe('API Logs display rules', () => {
  it.each([
    [200, 'success'],
    [299, 'success'],
    [304, 'info'],
    [400, 'warning'],
    [499, 'warning'],
    [500, 'error'],
    [503, 'error'],
  ])('status %i is %s', (code, color) => expect(statusClassColor(code)).toBe(color));

  it('durations in ms under 1 s, in seconds under 1 min, else in minutes', () => {
    expect(formatDuration(12.34)).toBe('12.3 ms');
    expect(formatDuration(999)).toBe('999 ms');
    expect(formatDuration(1000)).toBe('1.00 s');
    expect(formatDuration(59_999)).toBe('60.00 s');
    expect(formatDuration(60_000)).toBe('1.0 min');
    expect(formatDuration(null)).toBe('-');
    // In Indonesian, as the console shows it beside '99,7%'.
    expect(formatDuration(73.34, 'id-ID')).toBe('73,3 ms');
    expect(formatDuration(1234, 'id-ID')).toBe('1,23 s');
  });

  it('a success rate from 95% is good', () => {
    expect(isGoodSuccessRate(95)).toBe(true);
    expect(isGoodSuccessRate(94.99)).toBe(false);
  });

  it('a user id is cut to 8 characters', () => {
    expect(shortUserId('0f8a2c1e-77aa-4b1c')).toBe('0f8a2c1e');
    expect(shortUserId(42)).toBe('42');
  });

  it('tab badges stop at 999+', () => {
    expect(tabBadge(999)).toBe('999');
    expect(tabBadge(1000)).toBe('999+');
    expect(tabBadge(0)).toBe('0');
    expect(tabBadge(undefined)).toBe('');
  });
});
