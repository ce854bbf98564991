import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDecimal,
  formatNumber,
  formatPercent,
  formatShare,
  setDisplayLocale,
} from '../../src/app/components/figures';

afterEach(() => setDisplayLocale('id'));

describe('figures: one formatter for counts, decimals and percentages', () => {
  it('writes Indonesian by default: dots group thousands, a comma before one decimal', () => {
    expect(formatCount(5000)).toBe('5.000');
    expect(formatCount(1002108)).toBe('1.002.108');
    expect(formatDecimal(12.34)).toBe('12,3');
    expect(formatPercent(30)).toBe('30,0%');
    expect(formatShare(1, 3)).toBe('33,3%');
    expect(formatNumber(12.8)).toBe('12,8');
    expect(formatNumber(77)).toBe('77');
    expect(formatCount(null)).toBe('');
  });

  it('follows the chosen language', () => {
    setDisplayLocale('en');
    expect(formatCount(5000)).toBe('5,000');
    expect(formatDecimal(12.34)).toBe('12.3');
    expect(formatPercent(30)).toBe('30.0%');
  });
});
