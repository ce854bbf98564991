/** The logs' settings: whole months kept by default, days only when asked for. */
import { describe, it, expect } from 'vitest';
import { logConfig } from '../../src/server/logs/config';

describe('log retention settings', () => {
  it('keeps twelve months and cuts no days unless told', () => {
    expect(logConfig({})).toMatchObject({ retentionMonths: 12, retentionDays: null });
  });

  it('reads LOG_RETENTION_MONTHS and LOG_RETENTION_DAYS, and ignores what is not a positive number', () => {
    expect(logConfig({ LOG_RETENTION_MONTHS: '24', LOG_RETENTION_DAYS: '90' })).toMatchObject({
      retentionMonths: 24,
      retentionDays: 90,
    });
    for (const bad of ['0', '-3', 'lama', ''])
      expect(logConfig({ LOG_RETENTION_MONTHS: bad, LOG_RETENTION_DAYS: bad }), bad).toMatchObject({
        retentionMonths: 12,
        retentionDays: null,
      });
  });
});
