/** The platform's own answers (transport, records, pages, logs, menus): Indonesian and English. */
import type { MessageTemplate } from '../../resources/messages-en.js';

export const GENERAL_WHOLE: [string, string][] = [
  ['Tidak ditemukan', 'Not found'],
  ['Tidak diketahui', 'Unknown'],
  ['Data tidak ditemukan', 'Record not found'],
  [
    'Server sedang sibuk. Silakan coba lagi dalam beberapa detik.',
    'The server is busy. Please try again in a few seconds.',
  ],
  [
    'Permintaan ini memerlukan waktu terlalu lama dan dihentikan. Persempit pencarian atau coba lagi sebentar lagi.',
    'This request took too long and was stopped. Narrow the search or try again shortly.',
  ],
  ['Isi permintaan bukan JSON yang valid', 'The request body is not valid JSON'],
  [
    'Isi permintaan tidak boleh kosong bila Content-Type application/json',
    'The request body cannot be empty with Content-Type application/json',
  ],
  ['Isi permintaan terlalu besar', 'The request body is too large'],
  [
    'Ukuran isi permintaan tidak sesuai dengan Content-Length',
    'The request body size does not match Content-Length',
  ],
  ['Alamat permintaan tidak valid', 'The request address is not valid'],
  ['Kirim satu berkas saja', 'Send one file only'],
  ['Formulir berisi terlalu banyak bagian', 'The form has too many parts'],
  ['Formulir berisi terlalu banyak isian', 'The form has too many fields'],
  ['Nama isian formulir tidak valid', 'A form field name is not valid'],
  ['Permintaan bukan multipart/form-data', 'The request is not multipart/form-data'],
  ['Permintaan terputus sebelum berkas selesai dikirim', 'The request ended before the file was fully sent'],
  ['Permintaan tidak valid', 'The request is not valid'],
  ['Silakan masuk terlebih dahulu', 'Please sign in first'],
  ['Anda tidak memiliki akses', 'You do not have access'],
  ['Metode tidak diizinkan', 'Method not allowed'],
  ['Jenis konten tidak dapat diterima', 'The content type cannot be accepted'],
  ['Permintaan terlalu lama', 'The request took too long'],
  ['Permintaan bertentangan dengan data saat ini', 'The request conflicts with the current data'],
  ['Jenis konten tidak didukung', 'Unsupported content type'],
  ['Terlalu banyak permintaan. Silakan coba lagi nanti.', 'Too many requests. Please try again later.'],
  [
    'Data ini telah diubah oleh pengguna lain sejak Anda membukanya. Periksa perubahan terbaru sebelum menyimpan.',
    'This record was changed by another user since you opened it. Check the latest changes before saving.',
  ],
  [
    'Periode tidak valid: gunakan jam atau hari, misalnya 24h atau 7d (paling lama 365d)',
    'Not a valid period: use hours or days, for example 24h or 7d (at most 365d)',
  ],
  [
    'Tanggal tidak valid (YYYY-MM-DD atau tanggal-waktu ISO 8601)',
    'Not a valid date (YYYY-MM-DD or an ISO 8601 date-time)',
  ],
  ['Tanggal akhir harus setelah tanggal awal', 'The end date must be after the start date'],
  ['Security event tidak ditemukan', 'Security event not found'],
  [
    'Versi matriks wajib dikirim (If-Match atau version)',
    'The matrix version is required (If-Match or version)',
  ],
  [
    'Matriks akses menu telah diubah oleh super admin lain sejak Anda memuatnya. Muat ulang matriks terbaru, lalu ulangi perubahan Anda.',
    'The menu access matrix was changed by another super admin since you loaded it. Reload the latest matrix, then make your change again.',
  ],
  ['Menu tidak dikenal', 'Unknown menu'],
  ['Peran tidak dikenal', 'Unknown role'],
  ['Matriks akses menu tidak valid', 'The menu access matrix is not valid'],
  ['Kirim matrix, atau role beserta menus', 'Send matrix, or role with menus'],
  [
    'Data analisis kinerja sedang disusun ulang setelah pemuatan data besar. Silakan coba lagi dalam satu atau dua menit.',
    'The performance figures are being rebuilt after a large data load. Please try again in a minute or two.',
  ],
  [
    'Angka dasbor sedang disusun ulang setelah pemuatan data besar. Silakan coba lagi dalam satu atau dua menit.',
    "The dashboard's figures are being rebuilt after a large data load. Please try again in a minute or two.",
  ],
];

export function generalTemplates(tr: (text: string) => string): MessageTemplate[] {
  return [
    {
      id: (accepts) => `Jenis konten tidak didukung; kirim ${accepts}`,
      en: (accepts) => `Unsupported content type; send ${tr(accepts)}`,
    },
    {
      id: (rows) =>
        `Halaman terlalu jauh. Gunakan pencarian, filter atau urutan untuk mencapai data setelah ${rows} baris pertama.`,
      en: (rows) =>
        `The page is too far. Use search, filters or sorting to reach the records after the first ${rows.replace(/\./g, ',')} rows.`,
    },
    { id: (menus) => `Menu tidak dikenal: ${menus}`, en: (menus) => `Unknown menu: ${menus}` },
  ];
}
