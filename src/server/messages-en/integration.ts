/**
 * The simulator, its facility API and sandbox, the gateway, connection tests and outbound calls:
 * the server's Indonesian and English.
 */
import type { MessageTemplate } from '../../resources/messages-en.js';

export const INTEGRATION_WHOLE: [string, string][] = [
  ['Sandbox base URL belum diisi', 'The sandbox base URL is not filled in'],
  ['Belum diisi', 'Not filled in'],
  ['Gateway belum dikonfigurasi', 'The gateway is not configured'],
  ['Gateway config tidak valid', 'The gateway config is not valid'],
  ['Gateway tidak aktif (enabled: false)', 'The gateway is not active (enabled: false)'],
  ['Gateway belum memiliki new_base_url', 'The gateway has no new_base_url yet'],
  [
    "Header X-Gateway-Target harus 'production' atau 'sandbox'",
    "The X-Gateway-Target header must be 'production' or 'sandbox'",
  ],
  ['Koneksi tidak ditemukan', 'Connection not found'],
  ['Minimal satu URL tujuan wajib diisi', 'At least one target URL is required'],
  ['Koneksi wajib dipilih', 'Connection ID is required'],
  ['Kode fasilitas wajib diisi', 'Facility code is required'],
  [
    'Tidak dapat diaktifkan: konfigurasi gateway tidak ditemukan',
    'Cannot activate: Gateway configuration not found',
  ],
  [
    'Koneksi tidak dapat diubah setelah konfigurasi dibuat',
    'The connection cannot be changed once the configuration exists',
  ],
  [
    'Konfigurasi gateway ini telah diubah oleh pengguna lain. Muat ulang lalu ulangi perubahan Anda.',
    'This gateway configuration was changed by another user. Reload it, then make your change again.',
  ],
  [
    'Kode fasilitas hanya huruf, angka, - dan _ (maksimal 50 karakter)',
    'A facility code holds only letters, digits, - and _ (at most 50 characters)',
  ],
  ['Konfigurasi gateway tidak ditemukan', 'Gateway configuration not found'],
  [
    'Fasilitas kesehatan ini belum memiliki fasilitas simulasi',
    'This medical facility has no simulated facility yet',
  ],
  [
    'Fasilitas kesehatan ini sudah memiliki fasilitas simulasi',
    'This medical facility already has a simulated facility',
  ],
  ['Dokter tidak ditemukan', 'Doctor not found'],
  ['Pasien tidak ditemukan', 'Patient not found'],
  [
    'Pasien dan dokter harus dari fasilitas yang sama',
    'The patient and the doctor must be of the same facility',
  ],
  ['Fasilitas simulasi tidak ditemukan', 'Simulated facility not found'],
  ['API key hanya boleh berisi huruf, angka, - dan _', 'An API key may hold only letters, digits, - and _'],
  ['Poli tidak ditemukan di fasilitas ini', 'Clinic not found at this facility'],
  [
    'API key diperlukan (header X-API-Key, Basic atau Bearer token)',
    'An API key is required (X-API-Key header, Basic or Bearer token)',
  ],
  ['API key tidak valid', 'The API key is not valid'],
  ['API key valid', 'The API key is valid'],
  ['API key tidak valid atau sudah kedaluwarsa', 'API key is invalid or expired'],
  ['Token tidak valid atau sudah kedaluwarsa', 'The token is not valid or has expired'],
  [
    'Terlalu banyak permintaan untuk API key ini. Coba lagi sebentar lagi.',
    'Too many requests for this API key. Try again shortly.',
  ],
  ['Username atau password salah', 'Wrong username or password'],
  [
    'API key tidak dapat dibuka dengan kunci server saat ini',
    "The API key cannot be opened with the server's current key",
  ],
  ['Pilih setidaknya satu poli untuk disalin', 'Choose at least one clinic to copy'],
  [
    'Kode poli ini dipakai di beberapa fasilitas: sebutkan medical_facility_id',
    'This clinic code is used at several facilities: give medical_facility_id',
  ],
  ['Semua konfigurasi bawaan sudah ada', 'Every default configuration already exists'],
  ['Dokter sedang tidak tersedia', 'The doctor is not available'],
  [
    'Tidak dapat membuat janji temu untuk waktu yang sudah lewat',
    'An appointment cannot be made for a time already past',
  ],
  [
    'Dokter tidak memiliki jadwal praktik aktif pada hari dan jam tersebut',
    'The doctor has no active schedule on that day and time',
  ],
  [
    'Pasien sudah memiliki janji temu dengan dokter ini pada tanggal tersebut',
    'The patient already has an appointment with this doctor on that date',
  ],
  ['Kuota dokter untuk jadwal ini sudah penuh', "The doctor's quota for this schedule is full"],
  ['Data janji temu tidak ditemukan', 'Appointment not found'],
  ['Janji temu tidak ditemukan', 'Appointment not found'],
  [
    'Nomor identitas atau nomor rekam medis pasien wajib diisi',
    "The patient's identity number or medical record number is required",
  ],
  ['Data pasien tidak ditemukan', 'Patient not found'],
  [
    'Pasien dengan NIK ini sudah terdaftar di fasilitas ini',
    'A patient with this NIK is already registered at this facility',
  ],
  ['Gagal menghubungi URL tujuan', 'Could not reach the target URL'],
  ['Waktu habis', 'Timed out'],
  ['Janji temu berhasil dibuat', 'Appointment created'],
  ['Pasien berhasil didaftarkan', 'Patient registered'],
  ['Terjadi kesalahan', 'Something went wrong'],
  ['URL tidak valid', 'Not a valid URL'],
  ['URL tidak boleh memuat nama pengguna atau sandi', 'A URL may not hold a user name or password'],
  ['URL tidak memiliki host', 'The URL has no host'],
  ['Pengalihan ke URL yang tidak valid', 'A redirect to a URL that is not valid'],
  ['tidak menjawab', 'no answer'],
  // Why an address may not be called (src/server/outbound/address.ts).
  ['bukan alamat IP', 'not an IP address'],
  ['alamat tidak spesifik (0.0.0.0/8)', 'unspecified address (0.0.0.0/8)'],
  ['alamat tidak spesifik (::)', 'unspecified address (::)'],
  ['jaringan privat (10.0.0.0/8)', 'private network (10.0.0.0/8)'],
  ['jaringan privat (172.16.0.0/12)', 'private network (172.16.0.0/12)'],
  ['jaringan privat (192.168.0.0/16)', 'private network (192.168.0.0/16)'],
  ['jaringan privat (fc00::/7)', 'private network (fc00::/7)'],
  ['jaringan bersama operator (100.64.0.0/10)', 'carrier-grade shared network (100.64.0.0/10)'],
  ['alamat khusus IETF (192.0.0.0/24)', 'IETF special address (192.0.0.0/24)'],
  ['jaringan uji (198.18.0.0/15)', 'benchmark network (198.18.0.0/15)'],
  ['alamat cadangan (240.0.0.0/4)', 'reserved address (240.0.0.0/4)'],
  ['alamat dokumentasi (2001:db8::/32)', 'documentation address (2001:db8::/32)'],
];

const TARGETS = ['production', 'sandbox', 'gateway'];

export function integrationTemplates(tr: (text: string) => string): MessageTemplate[] {
  return [
    {
      id: (code) =>
        `Gateway untuk fasilitas ${code} belum dikonfigurasi. Atur di Gateway Config terlebih dahulu.`,
      en: (code) => `The gateway of facility ${code} is not configured. Set it up in Gateway Config first.`,
    },
    {
      id: (code) => `Gateway untuk fasilitas ${code} belum aktif. Aktifkan konfigurasinya di Gateway Config.`,
      en: (code) =>
        `The gateway of facility ${code} is not active. Activate its configuration in Gateway Config.`,
    },
    {
      id: (code, target) => `Gateway fasilitas ${code} tidak memiliki URL target ${target}.`,
      en: (code, target) => `The gateway of facility ${code} has no ${target} target URL.`,
    },
    {
      id: (why) => `Gateway menolak meneruskan ke URL target: ${why}`,
      en: (why) => `The gateway refused to forward to the target URL: ${tr(why)}`,
    },
    {
      id: (code, why) => `Fasilitas ${code} tidak dapat dihubungi melalui gateway: ${why}`,
      en: (code, why) => `Facility ${code} cannot be reached through the gateway: ${tr(why)}`,
    },
    {
      id: (target, why) => `Test koneksi gagal (${target}): ${why}`,
      en: (target, why) => `Connection test failed (${target}): ${tr(why)}`,
    },
    // A connection's last test as stored: its target, then its outcome.
    {
      id: (target, why) => `${target}: ${why}`,
      en: (target, why) => (TARGETS.includes(target) ? `${target}: ${tr(why)}` : null),
    },
    {
      id: (status, url, ms) => `HTTP ${status} dari ${url} dalam ${ms} ms`,
      en: (status, url, ms) => `HTTP ${status} from ${url} in ${ms} ms`,
    },
    {
      id: (why) => `Gagal menghubungi URL tujuan: ${why}`,
      en: (why) => `Could not reach the target URL: ${tr(why)}`,
    },
    { id: (n) => `${n} konfigurasi bawaan dibuat`, en: (n) => `${n} default configurations created` },
    {
      id: (protocol) => `Hanya URL http atau https yang boleh dipanggil (bukan ${protocol})`,
      en: (protocol) => `Only http or https URLs may be called (not ${protocol})`,
    },
    {
      id: (origin) => `URL ${origin} tidak terdaftar sebagai URL tujuan yang boleh dipanggil`,
      en: (origin) => `URL ${origin} is not registered as a target URL that may be called`,
    },
    { id: (host) => `Host ${host} tidak ditemukan`, en: (host) => `Host ${host} not found` },
    {
      id: (host, code) => `Host ${host} tidak ditemukan (${code})`,
      en: (host, code) => `Host ${host} not found (${code})`,
    },
    {
      id: (host, reason) =>
        `Alamat ${host} tidak boleh dipanggil: ${reason}. Tambahkan host ke OUTBOUND_ALLOW_HOSTS bila memang dimaksud.`,
      en: (host, reason) =>
        `Address ${host} may not be called: ${tr(reason)}. Add the host to OUTBOUND_ALLOW_HOSTS if it is meant.`,
    },
    { id: (reason) => `${reason}, dalam bentuk IPv6`, en: (reason) => `${tr(reason)}, in IPv6 form` },
    { id: (reason) => `${reason}, lewat NAT64`, en: (reason) => `${tr(reason)}, through NAT64` },
    { id: (reason) => `${reason}, lewat 6to4`, en: (reason) => `${tr(reason)}, through 6to4` },
    {
      id: (ms) => `Waktu habis setelah ${ms} ms tanpa jawaban`,
      en: (ms) => `Timed out after ${ms} ms without an answer`,
    },
    {
      id: (n) => `Terlalu banyak pengalihan (lebih dari ${n})`,
      en: (n) => `Too many redirects (more than ${n})`,
    },
    { id: (ms) => `tidak menjawab dalam ${ms} ms`, en: (ms) => `no answer within ${ms} ms` },
  ];
}
