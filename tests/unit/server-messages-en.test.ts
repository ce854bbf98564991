/**
 * Every text the server can answer a caller with has English: the Indonesian string literals of
 * src/server, the resources' hooks and declarations and the domain's messages (found with the
 * TypeScript parser, a template filled with sample values, each branch of a choice in it) must
 * each translate, and their English must hold no Indonesian word. What the server only writes
 * to its own logs, reports or e-mails is left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  jobErrorToEnglish,
  serverFieldErrorsToEnglish,
  serverToEnglish,
} from '../../src/server/messages-en/index';
import { MISSING_COLUMNS, STOPPED_AT } from '../../src/server/imports/run';
import { UNDO_MESSAGES } from '../../src/server/imports/undo';
import { notConfigured, noTarget } from '../../src/server/gateway/index';
import { REFERENCE_MESSAGES } from '../../src/server/imports/references';
import { VALIDATION_FAILED } from '../../src/domain/validation';
import { jobInCallerLanguage } from '../../src/server/plugins/language';
import type { FastifyRequest } from 'fastify';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Words of Indonesian that English never uses. */
const INDONESIAN =
  /\b(tidak|belum|wajib|sudah|harus|berkas|baris|kolom|kirim|gagal|hanya|ditemukan|boleh|terlalu|dengan|untuk|bukan|sedang|dapat|atau|yang|dari|silakan|anda|diisi|pilih|salah|telah|karena|berisi|setelah|sebelum|maksimal|minimal|terdaftar|dikenal|jaringan|alamat|lewat|dalam|diubah|dihapus|lainnya|rujukan|fasilitas|bawaan|sesi|sandi|tautan|diakhiri|kedaluwarsa|menjawab|habis|dibatalkan|dibuat|penuh|tanggal|berhasil|permintaan|koneksi|pasien|dokter)\b/i;

/** Where the server writes for itself (logs, maintenance and backup reports, the database layer, the seed). */
const NOT_ANSWERS = /^src\/server\/(seed|maintenance|backup|db|realtime)\/|^src\/server\/logs\/(?!query\.ts)/;
/** Calls whose texts go to a log or a report, not to a caller (or are words a cell is read by). */
const NOT_ANSWER_CALL = /(^|\.)(report|doing|system|setState|query|log|info|warn|debug|Set)$/;
/** Properties that document a route or describe a logged event. */
const NOT_ANSWER_PROPERTY = new Set(['description', 'summary', 'subject']);

function files(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (statSync(path.join(ROOT, file)).isDirectory()) return files(file, keep);
    return keep(file) ? [file] : [];
  });
}

const SCANNED = [
  ...files('src/server', (f) => f.endsWith('.ts') && !NOT_ANSWERS.test(f)),
  ...files('src/resources', (f) => /\/(hooks|index)\.ts$/.test(f)),
  'src/domain/password-policy.ts',
  'src/domain/import-values.ts',
  'src/domain/resource.ts',
  'src/domain/facility-integration.ts',
  'src/domain/nik.ts',
];

/** A sample for a template's value: a number fits wherever the messages name a row, a code or a host. */
const SAMPLE = '7';

/** The texts an expression can be: each branch of a choice, a template filled, parts joined by '+'. */
function texts(node: ts.Node): string[] {
  if (ts.isParenthesizedExpression(node)) return texts(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) {
    const branches = [...texts(node.whenTrue), ...texts(node.whenFalse)];
    return branches.length ? branches : [SAMPLE];
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return texts(node.left).flatMap((a) => texts(node.right).map((b) => a + b));
  if (ts.isTemplateExpression(node)) {
    let out = [node.head.text];
    for (const span of node.templateSpans) {
      const values = ts.isConditionalExpression(span.expression) ? texts(span.expression) : [SAMPLE];
      out = out.flatMap((before) => values.map((v) => before + v + span.literal.text));
    }
    return out;
  }
  return [SAMPLE];
}

const isText = (n: ts.Node): boolean =>
  ts.isStringLiteral(n) ||
  ts.isNoSubstitutionTemplateLiteral(n) ||
  ts.isTemplateExpression(n) ||
  (ts.isBinaryExpression(n) &&
    n.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    isText(n.left) &&
    isText(n.right));

const hasEnglishSibling = (p: ts.PropertyAssignment) =>
  ts.isObjectLiteralExpression(p.parent) && p.parent.properties.some((q) => q.name?.getText() === 'en');

/** Whether a text sits where only a log, a report, a document or an e-mail reads it. */
function notAnAnswer(node: ts.Node): boolean {
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && NOT_ANSWER_CALL.test(p.expression.getText()))
      return true;
    if (ts.isPropertyAssignment(p) && NOT_ANSWER_PROPERTY.has(p.name.getText())) return true;
    // A label given in both languages ({ id: 'Data Pasien', en: 'Patients' }).
    if (ts.isPropertyAssignment(p) && p.name.getText() === 'id' && hasEnglishSibling(p)) return true;
    if (
      (ts.isFunctionDeclaration(p) || ts.isVariableDeclaration(p)) &&
      /^[a-z]\w*Mail$/.test(p.name?.getText() ?? '')
    )
      return true;
    if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) return true;
  }
  return false;
}

/** Every Indonesian text of a file, as `file:line` and the text. */
function indonesianTexts(file: string): { at: string; text: string }[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: { at: string; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (isText(node)) {
      const all = texts(node);
      if (all.some((t) => INDONESIAN.test(t) && /\s/.test(t.trim()))) {
        if (!notAnAnswer(node)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          for (const text of all) found.push({ at: `${file}:${line}`, text });
        }
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the server's answers in English", () => {
  const all = SCANNED.flatMap(indonesianTexts);

  it('finds the texts it checks (the scan itself works)', () => {
    const texts = all.map((t) => t.text);
    expect(texts).toContain('Gateway belum dikonfigurasi');
    expect(texts).toContain('Kolom wajib tidak ada di berkas: 7');
    expect(texts.length).toBeGreaterThan(150);
  });

  it('translates every Indonesian text the server can answer, with no Indonesian word left', () => {
    const untranslated = all
      .filter(({ text }) => {
        const english = serverToEnglish(text);
        return english === text || INDONESIAN.test(english.replaceAll(SAMPLE, ''));
      })
      .map(({ at, text }) => `${at}  ${text}  →  ${serverToEnglish(text)}`);
    expect(untranslated).toEqual([]);
  });

  it("keeps a message's parameters: rows, columns, codes and counts", () => {
    expect(serverToEnglish(MISSING_COLUMNS(['Nama Dokter', 'Hari']))).toBe(
      'Required columns missing from the file: Doctor Name, Day',
    );
    expect(serverToEnglish(STOPPED_AT(12, false))).toBe(
      'The import stopped at row 12 because its data is not valid; the rows before it are saved',
    );
    expect(serverToEnglish(STOPPED_AT(12, true))).toBe(
      'The import stopped at row 12 because its data is not valid',
    );
    expect(serverToEnglish(notConfigured('RS-01'))).toBe(
      'The gateway of facility RS-01 is not configured. Set it up in Gateway Config first.',
    );
    expect(serverToEnglish(noTarget('RS-01', 'sandbox'))).toBe(
      'The gateway of facility RS-01 has no sandbox target URL.',
    );
    expect(serverToEnglish(UNDO_MESSAGES.changed(12, 'baris 2, baris 3 dan 10 lainnya'))).toContain(
      '12 rows were changed or deleted after it',
    );
    expect(serverToEnglish(REFERENCE_MESSAGES.notFound('Fasilitas', 'RS Sehat'))).toBe(
      'Facility "RS Sehat" not found (fill in an ID, code or name)',
    );
  });

  it("names an import's missing columns by the English headers of the job's own resource", () => {
    const missing = MISSING_COLUMNS(['Kode Poli']);
    expect(jobErrorToEnglish(missing, 'master/poli')).toBe(
      'Required columns missing from the file: Poli Code',
    );
    expect(jobErrorToEnglish(missing, 'master/appointments')).toBe(
      'Required columns missing from the file: Clinic Code',
    );
    expect(jobErrorToEnglish(STOPPED_AT(3, true), 'master/appointments')).toBe(
      'The import stopped at row 3 because its data is not valid',
    );
  });

  it("reads an import job's problems in the reader's language, a file's own headers kept", () => {
    const job = {
      resource: 'master/patients',
      columns: ['Tanggal Lahir'],
      error: null,
      problems: [
        {
          row: 2,
          column: 'Tanggal Lahir',
          message: 'Tanggal tidak valid (gunakan dd/MM/yyyy atau yyyy-MM-dd)',
        },
        { row: 2, column: 'Jenis Kelamin', message: 'Wajib diisi: kolom tidak ada di berkas' },
      ],
    };
    const asked = (language?: string) =>
      ({ headers: language ? { 'accept-language': language } : {} }) as FastifyRequest;
    expect(jobInCallerLanguage(asked(), job)).toEqual(job);
    expect(jobInCallerLanguage(asked('en'), job).problems).toEqual([
      { row: 2, column: 'Tanggal Lahir', message: 'Not a valid date (use dd/MM/yyyy or yyyy-MM-dd)' },
      { row: 2, column: 'Gender', message: 'Required: the column is missing from the file' },
    ]);
  });

  it('translates a summary and field errors part by part, and leaves unknown text as it is', () => {
    expect(serverToEnglish(`${VALIDATION_FAILED}: password: Kata sandi tidak boleh sama dengan email`)).toBe(
      'Invalid data: password: The password cannot be the same as the email',
    );
    expect(serverFieldErrorsToEnglish({ sandbox_base_url: 'Belum diisi', n: 3 })).toEqual({
      sandbox_base_url: 'Not filled in',
      n: 3,
    });
    expect(
      serverToEnglish(
        'Baris 4: Poli: Wajib diisi; Tanggal: Tanggal tidak valid (gunakan dd/MM/yyyy atau yyyy-MM-dd)',
      ),
    ).toBe('Row 4: Poli: Required; Tanggal: Not a valid date (use dd/MM/yyyy or yyyy-MM-dd)');
    // A hook's several refusals joined by '; ' (web admins, a password change).
    expect(serverToEnglish('Anda tidak dapat menghapus akun Anda sendiri; Minimal 8 karakter')).toBe(
      'You cannot delete your own account; At least 8 characters',
    );
    expect(serverToEnglish('sandbox: Gateway belum dikonfigurasi')).toBe(
      'sandbox: The gateway is not configured',
    );
    expect(serverToEnglish('Catatan: Gateway belum dikonfigurasi')).toBe(
      'Catatan: Gateway belum dikonfigurasi',
    );
    expect(serverToEnglish('Sesuatu yang lain')).toBe('Sesuatu yang lain');
  });
});
