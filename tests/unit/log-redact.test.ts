import { describe, it, expect } from 'vitest';
import {
  loggedText,
  loggedValue,
  maskNik,
  maskNiks,
  MAX_ANSWER_CHARS,
  MAX_LOGGED_CHARS,
  redactText,
  REDACTED,
  WRITE_ONLY_FIELDS,
} from '../../src/server/logs/redact';

describe('log redaction', () => {
  it('knows the write-only fields of the declared resources', () => {
    expect(WRITE_ONLY_FIELDS.has('password')).toBe(true);
    // A child resource's encrypted secret (a facility connection's password).
    expect(WRITE_ONLY_FIELDS.has('x_password')).toBe(true);
  });

  it('redacts secrets at any depth and masks NIKs in values', () => {
    const out = loggedValue({
      email: 'a@b.c',
      password: 'hunter22',
      nested: { x_password: 'p', api_key: 'k', list: [{ token: 't' }] },
      identity_number: '3171014512900003',
      note: 'NIK 3171011204910077 dicari',
      empty_password: '',
    }) as any;
    expect(out).toEqual({
      email: 'a@b.c',
      password: REDACTED,
      nested: { x_password: REDACTED, api_key: REDACTED, list: [{ token: REDACTED }] },
      identity_number: '317101******0003',
      note: 'NIK 317101******0077 dicari',
      empty_password: '',
    });
  });

  it('masks a NIK as region code and last four digits, and leaves other numbers alone', () => {
    expect(maskNik('3171011204910077')).toBe('317101******0077');
    expect(maskNiks('/api/x?search=3171011204910077&page=2')).toBe('/api/x?search=317101******0077&page=2');
    expect(maskNiks('BPJS 0001234567890 dan 12345678901234567')).toBe(
      'BPJS 0001234567890 dan 12345678901234567',
    );
  });

  it('keeps a long answer as a redacted preview of bounded size', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, nik: '3171011204910077', name: 'Budi' }));
    const text = JSON.stringify({ data: rows, token: 'abc', password: 'secret-value' });
    const out = JSON.parse(loggedText(text)!) as { truncated: boolean; size: number; preview: string };
    expect(out.truncated).toBe(true);
    expect(out.size).toBe(text.length);
    expect(out.preview.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    expect(out.preview).not.toContain('3171011204910077');
    expect(out.preview).toContain('317101******0077');
  });

  it('redacts a secret cut off at the end of a preview', () => {
    const text = `${'x'.repeat(MAX_LOGGED_CHARS - 30)}","password":"verysecretvalue-that-continues`;
    expect(redactText(`{"a":"${text}"}`)).not.toContain('verysecret');
    expect(redactText('{"access_token": "abc.def", "n": 1}')).toBe(`{"access_token": "${REDACTED}", "n": 1}`);
  });

  it('parses short JSON answers and ignores what is not JSON', () => {
    expect(JSON.parse(loggedText('{"token":"t","user":{"id":1}}')!)).toEqual({
      token: REDACTED,
      user: { id: 1 },
    });
    expect(JSON.parse(loggedText('{"token":{"a":"b"},"n":"3171011204910077"}')!)).toEqual({
      token: REDACTED,
      n: '317101******0077',
    });
    expect(loggedText('<html>')).toBeNull();
    expect(loggedText('')).toBeNull();
  });
});
