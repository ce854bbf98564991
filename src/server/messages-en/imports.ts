/** Imports: refusals, a job's error and its rows' problems, in Indonesian and English. */
import { id as indonesian } from '../../../i18n/id.js';
import { en as english } from '../../../i18n/en.js';
import type { MessageTemplate } from '../../resources/messages-en.js';

type Texts = Record<string, { fields?: Record<string, string> }>;

/** Each resource's field headers: Indonesian (as an export writes them) → English. */
const LABELS = new Map<string, Map<string, string>>();
for (const [name, texts] of Object.entries(indonesian.resources as Texts)) {
  const en = (english.resources as Texts)[name]?.fields ?? {};
  const labels = new Map<string, string>();
  for (const [field, label] of Object.entries(texts.fields ?? {}))
    if (en[field]) labels.set(label, en[field]);
  LABELS.set(name, labels);
}
/** Any resource's, where the resource is not known (the first one declaring the header). */
const ANY_LABEL = new Map<string, string>();
for (const labels of LABELS.values())
  for (const [id, en] of labels) if (!ANY_LABEL.has(id)) ANY_LABEL.set(id, en);

export const labelsInEnglish = (labels: string, resource?: string) =>
  labels
    .split(', ')
    .map((l) => LABELS.get(resource ?? '')?.get(l) ?? ANY_LABEL.get(l) ?? l)
    .join(', ');

const MISSING = 'Kolom wajib tidak ada di berkas: ';
const MISSING_EN = 'Required columns missing from the file: ';

/** An import job's error in English, its missing columns named by the job's resource's English headers. */
export const jobErrorInEnglish = (error: string, resource: string, tr: (text: string) => string) =>
  error.startsWith(MISSING) ? MISSING_EN + labelsInEnglish(error.slice(MISSING.length), resource) : tr(error);

export const IMPORT_WHOLE: [string, string][] = [
  [
    'Berkas kosong: pilih berkas CSV atau Excel (.xlsx) yang berisi data',
    'The file is empty: choose a CSV or Excel (.xlsx) file that holds data',
  ],
  [
    'Pemetaan kolom harus berupa JSON { "kolom": "field" }',
    'The column mapping must be JSON { "column": "field" }',
  ],
  ['Impor tidak ditemukan', 'Import not found'],
  [
    'Formulir tidak berisi berkas: kirim satu berkas CSV atau Excel (.xlsx)',
    'The form holds no file: send one CSV or Excel (.xlsx) file',
  ],
  [
    'berkas CSV atau Excel (.xlsx) sebagai isi permintaan (text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/octet-stream) atau sebagai satu berkas multipart/form-data',
    'a CSV or Excel (.xlsx) file as the request body (text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/octet-stream) or as one file of multipart/form-data',
  ],
  [
    'Baris ini untuk fasilitas lain: akun fasilitas hanya dapat mengimpor data fasilitasnya sendiri',
    "This row is for another facility: a facility account can only import its own facility's data",
  ],
  ['Berisi karakter NUL yang tidak dapat disimpan', 'Holds a NUL character, which cannot be stored'],
  ['Wajib diisi untuk data baru', 'Required for a new record'],
  [
    'Tidak ada kolom yang dikenali: gunakan judul kolom hasil ekspor atau nama field, atau atur pemetaan kolom',
    "No column was recognised: use an export's column headers or the field names, or set a column mapping",
  ],
  ['Impor gagal karena kesalahan pada server', 'The import failed because of a server error'],
  ['Impor dibatalkan', 'Import cancelled'],
  [
    'Impor terhenti karena server berhenti atau dimulai ulang; baris yang sudah tersimpan tetap ada',
    'The import stopped because the server stopped or restarted; the rows already saved stay',
  ],
  [
    'Berkas bukan CSV atau Excel (.xlsx) yang dapat dibaca',
    'The file is not a readable CSV or Excel (.xlsx) file',
  ],
  ['Berkas kosong: tidak ada baris judul kolom', 'The file is empty: it has no header row'],
  [
    'Impor masih berjalan: tunggu sampai selesai sebelum membatalkannya',
    'The import is still running: wait until it ends before undoing it',
  ],
  [
    'Pemeriksaan tidak menulis data: tidak ada yang dapat dibatalkan',
    'A check writes no data: there is nothing to undo',
  ],
  ['Impor ini sudah dibatalkan', 'This import has already been undone'],
  ['Impor ini tidak menulis data yang dapat dibatalkan', 'This import wrote no data that can be undone'],
  [
    'Impor tidak dapat dibatalkan: nilai sebelumnya tidak dapat dikembalikan karena data lain sudah memakainya. Tidak ada yang diubah.',
    'The import cannot be undone: the earlier values cannot be given back because other records now use them. Nothing was changed.',
  ],
  [
    'Data ini sudah terdaftar di fasilitas lain: akun fasilitas hanya dapat mengubah data fasilitasnya sendiri',
    "This record is registered at another facility: a facility account can only change its own facility's data",
  ],
  [
    'Tidak dapat disimpan: nilai tidak diterima basis data',
    'Cannot be saved: the database did not accept the value',
  ],
  [
    'Tanggal tidak valid (gunakan dd/MM/yyyy atau yyyy-MM-dd)',
    'Not a valid date (use dd/MM/yyyy or yyyy-MM-dd)',
  ],
  [
    'Tanggal dan waktu tidak valid (gunakan dd/MM/yyyy HH:mm atau yyyy-MM-ddTHH:mm)',
    'Not a valid date and time (use dd/MM/yyyy HH:mm or yyyy-MM-ddTHH:mm)',
  ],
  ['Harus berupa angka (contoh: 1.250.000 atau 12,5)', 'Must be a number (for example 1.250.000 or 12,5)'],
  ['Harus berupa bilangan bulat (contoh: 1.250.000)', 'Must be a whole number (for example 1.250.000)'],
  ['Isi Ya atau Tidak', 'Fill in Yes or No'],
  ['Fasilitas', 'Facility'],
  ['Data rujukan', 'Referenced record'],
  ['Kesalahan', 'Problem'],
];

export function importTemplates(tr: (text: string) => string): MessageTemplate[] {
  return [
    {
      id: (n) => `Berkas terlalu besar (maksimal ${n} MB)`,
      en: (n) => `The file is too large (at most ${n} MB)`,
    },
    {
      id: (f) => `Pemetaan kolom menyebut field yang tidak dapat diisi: ${f}`,
      en: (f) => `The column mapping names a field that cannot be filled: ${f}`,
    },
    { id: (labels) => MISSING + labels, en: (labels) => MISSING_EN + labelsInEnglish(labels) },
    {
      id: (row) => `Impor dihentikan pada baris ${row} karena datanya tidak valid`,
      en: (row) => `The import stopped at row ${row} because its data is not valid`,
    },
    {
      id: (row) =>
        `Impor dihentikan pada baris ${row} karena datanya tidak valid; baris sebelumnya sudah tersimpan`,
      en: (row) =>
        `The import stopped at row ${row} because its data is not valid; the rows before it are saved`,
    },
    {
      id: (line) => `Berkas CSV rusak di sekitar baris ${line} (tanda kutip tidak tertutup?)`,
      en: (line) => `The CSV file is broken near line ${line} (a quote not closed?)`,
    },
    {
      id: (what, text) => `${what} "${text}" tidak ditemukan (isi ID, kode atau nama)`,
      en: (what, text) => `${tr(what)} "${text}" not found (fill in an ID, code or name)`,
    },
    {
      id: (what, text) => `${what} "${text}" cocok dengan lebih dari satu data; gunakan ID atau kode`,
      en: (what, text) => `${tr(what)} "${text}" matches more than one record; use an ID or code`,
    },
    {
      id: (m) => `${m}: kolom tidak ada di berkas`,
      en: (m) => `${tr(m)}: the column is missing from the file`,
    },
    {
      id: (count, rows) =>
        `Impor tidak dapat dibatalkan: ${count} baris telah diubah atau dihapus sesudah impor (${rows}). Tidak ada yang diubah.`,
      en: (count, rows) =>
        `The import cannot be undone: ${count} rows were changed or deleted after it (${tr(rows)}). Nothing was changed.`,
    },
    {
      id: (count, rows) =>
        `Impor tidak dapat dibatalkan: ${count} data baru dari impor ini sudah dirujuk data lain (${rows}). Tidak ada yang diubah.`,
      en: (count, rows) =>
        `The import cannot be undone: ${count} new records of this import are referred to by other records (${tr(rows)}). Nothing was changed.`,
    },
    { id: (list, more) => `${list} dan ${more} lainnya`, en: (list, more) => `${list} and ${more} more` },
    // A rejected row's reasons, as the rejected-rows file gives them.
    {
      id: (row, reasons) => `Baris ${row}: ${reasons}`,
      en: (row, reasons) => (/^\d+$/.test(row) ? `Row ${row}: ${problemsInEnglish(reasons, tr)}` : null),
    },
  ];
}

/** 'column: message; column: message' with each message in English. */
function problemsInEnglish(reasons: string, tr: (text: string) => string) {
  return reasons
    .split('; ')
    .map((part) => {
      const whole = tr(part);
      if (whole !== part) return whole;
      const at = part.indexOf(': ');
      return at < 0 ? part : `${part.slice(0, at)}: ${tr(part.slice(at + 2))}`;
    })
    .join('; ');
}
