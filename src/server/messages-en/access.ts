/** Sign-in, two-factor, sessions, passwords and access: the server's Indonesian and English. */
import type { MessageTemplate } from '../../resources/messages-en.js';

export const ACCESS_WHOLE: [string, string][] = [
  [
    'Sesi tidak valid atau telah berakhir. Silakan masuk kembali.',
    'Your session is not valid or has ended. Please sign in again.',
  ],
  ['Anda tidak memiliki akses ke fitur ini', 'You do not have access to this feature'],
  [
    'Aktifkan autentikasi dua faktor terlebih dahulu untuk melanjutkan.',
    'Turn on two-factor authentication first to continue.',
  ],
  [
    'Ganti password sementara Anda terlebih dahulu untuk melanjutkan.',
    'Change your temporary password first to continue.',
  ],
  ['Email atau password salah', 'Wrong email or password'],
  [
    'Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam beberapa menit.',
    'Too many failed sign-in attempts. Please try again in a few minutes.',
  ],
  ['Akun Anda tidak aktif. Hubungi administrator.', 'Your account is not active. Contact an administrator.'],
  ['Kode autentikasi salah', 'Wrong authentication code'],
  ['Autentikasi dua faktor sudah aktif', 'Two-factor authentication is already on'],
  ['Autentikasi dua faktor belum aktif', 'Two-factor authentication is not on'],
  [
    'Mulai penyiapan autentikasi dua faktor terlebih dahulu',
    'Start the two-factor authentication setup first',
  ],
  ['Password salah', 'Wrong password'],
  [
    'Sesi verifikasi telah berakhir. Silakan masuk kembali.',
    'The verification session has ended. Please sign in again.',
  ],
  ['Sesi tidak ditemukan', 'Session not found'],
  ['Sesi diakhiri', 'Session ended'],
  ['Kata sandi saat ini salah', 'The current password is wrong'],
  ['Kata sandi berhasil diubah', 'Password changed'],
  ['Kata sandi tidak boleh sama dengan email', 'The password cannot be the same as the email'],
  [
    'Kata sandi ini terlalu umum dan mudah ditebak. Pilih yang lain.',
    'This password is too common and easy to guess. Choose another one.',
  ],
  [
    'Kata sandi baru harus berbeda dari kata sandi saat ini',
    'The new password must differ from the current one',
  ],
  [
    'Jika email tersebut terdaftar, tautan untuk mengatur ulang password telah dikirim. Periksa kotak masuk Anda.',
    'If that email is registered, a link to reset the password has been sent. Check your inbox.',
  ],
  [
    'Terlalu banyak permintaan atur ulang password. Coba lagi nanti.',
    'Too many password reset requests. Try again later.',
  ],
  [
    'Tautan atur ulang password tidak valid, sudah dipakai, atau sudah kedaluwarsa. Minta tautan baru.',
    'The password reset link is not valid, already used or expired. Ask for a new link.',
  ],
  [
    'Password berhasil diatur ulang. Silakan masuk dengan password baru.',
    'Password reset. Please sign in with the new password.',
  ],
  [
    'Atur ulang password lewat email belum tersedia. Hubungi super admin untuk mendapatkan password sementara.',
    'Password reset by email is not available. Contact a super admin for a temporary password.',
  ],
  [
    'Password sementara disimpan; pengguna wajib menggantinya saat masuk berikutnya.',
    'Temporary password saved; the user must change it at the next sign-in.',
  ],
  ['Admin tidak ditemukan', 'Admin not found'],
  ['Berhasil keluar', 'Signed out'],
  ['Password berhasil diperbarui', 'Password updated'],
  ['Anda tidak dapat menghapus akun Anda sendiri', 'You cannot delete your own account'],
  ['Anda tidak dapat menonaktifkan akun Anda sendiri', 'You cannot deactivate your own account'],
  ['Super admin aktif terakhir tidak dapat dihapus', 'The last active super admin cannot be deleted'],
  [
    'Super admin aktif terakhir tidak dapat dinonaktifkan',
    'The last active super admin cannot be deactivated',
  ],
  [
    'Peran super admin aktif terakhir tidak dapat diubah',
    "The last active super admin's role cannot be changed",
  ],
  [
    'Akun fasilitas kesehatan hanya dapat mengubah data fasilitasnya sendiri',
    "A medical facility account can only change its own facility's data",
  ],
];

export const ACCESS_TEMPLATES: MessageTemplate[] = [];
