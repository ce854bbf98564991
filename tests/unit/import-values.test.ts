/** How an imported cell's text becomes a value: dates, instants, Rupiah and other numbers, Ya/Tidak. */
import { describe, it, expect } from 'vitest';
import {
  normalizeLabel,
  parseBooleanText,
  parseDateText,
  parseDateTimeText,
  parseNumberText,
} from '../../src/domain/import-values';
import { detectDelimiter } from '../../src/server/imports/source';

describe('import values', () => {
  it('reads dates as dd/MM/yyyy, d-M-yyyy, dd.MM.yyyy or ISO, and refuses days that do not exist', () => {
    expect(parseDateText('31/12/1990')).toBe('1990-12-31');
    expect(parseDateText('1-2-1990')).toBe('1990-02-01');
    expect(parseDateText('29.02.2000')).toBe('2000-02-29');
    expect(parseDateText('1990-12-31')).toBe('1990-12-31');
    expect(parseDateText('1990-12-31T00:00:00')).toBe('1990-12-31');
    expect(parseDateText('29/02/1900')).toBeUndefined();
    expect(parseDateText('31/04/1990')).toBeUndefined();
    expect(parseDateText('12/31/1990')).toBeUndefined();
    expect(parseDateText('kemarin')).toBeUndefined();
  });

  it('reads instants in Jakarta time unless they carry their own offset', () => {
    expect(parseDateTimeText('31/12/2025 08:30')).toBe('2025-12-31T01:30:00.000Z');
    expect(parseDateTimeText('2025-12-31 08:30:15')).toBe('2025-12-31T01:30:15.000Z');
    expect(parseDateTimeText('2025-12-31T08:30:00Z')).toBe('2025-12-31T08:30:00.000Z');
    expect(parseDateTimeText('2025-12-31T08:30:00+0100')).toBe('2025-12-31T07:30:00.000Z');
    expect(parseDateTimeText('31/12/2025 24:00')).toBeUndefined();
  });

  it('reads Rupiah with dots, a decimal comma, and a dot as a decimal point where it cannot group', () => {
    expect(parseNumberText('Rp 1.250.000', true)).toBe(1250000);
    expect(parseNumberText('Rp1.250.000,50', true)).toBe(1250000.5);
    expect(parseNumberText('1.250', true)).toBe(1250);
    expect(parseNumberText('1.250', false)).toBe(1.25);
    expect(parseNumberText('1.250.000', false)).toBe(1250000);
    expect(parseNumberText('-6.175392', false)).toBe(-6.175392);
    expect(parseNumberText('12,5', false)).toBe(12.5);
    expect(parseNumberText('-3', true)).toBe(-3);
    expect(parseNumberText('1,250,000', true)).toBeUndefined();
    expect(parseNumberText('seratus', true)).toBeUndefined();
  });

  it('reads Ya/Tidak and their usual spellings', () => {
    for (const t of ['Ya', 'ya', 'Y', 'true', '1', 'Aktif']) expect(parseBooleanText(t)).toBe(true);
    for (const t of ['Tidak', 'TIDAK', 'false', '0', 'Tidak Aktif', 'no'])
      expect(parseBooleanText(t)).toBe(false);
    expect(parseBooleanText('mungkin')).toBeUndefined();
  });

  it('compares headers and labels however they are written', () => {
    expect(normalizeLabel('\uFEFF Nama_Lengkap ')).toBe(normalizeLabel('nama lengkap'));
    expect(normalizeLabel('Kelurahan/Desa')).toBe(normalizeLabel('kelurahan desa'));
  });

  it('tells the separator from the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('Nama;NIK;"Alamat, Kota"')).toBe(';');
    expect(detectDelimiter('Nama,NIK,Alamat')).toBe(',');
    expect(detectDelimiter('Nama\tNIK')).toBe('\t');
    expect(detectDelimiter('Nama')).toBe(',');
  });
});
