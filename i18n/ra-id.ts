/**
 * Terjemahan bahasa Indonesia untuk pesan bawaan react-admin v5
 * (padanan `ra-language-english` 5.x).
 *
 * Catatan pluralisasi: node-polyglot menggolongkan locale `id` ke dalam
 * aturan "chinese" yang selalu memilih bentuk pertama dari `' |||| '`.
 * Karena itu, bila memungkinkan, bentuk pertama dibuat generik (memuat
 * %{smart_count}) atau kedua bentuk dibuat sama, sehingga teks tetap benar
 * baik dengan aturan jamak `id` maupun `en`.
 */
export const raIndonesian = {
  ra: {
    action: {
      add_filter: 'Tambah filter',
      add: 'Tambah',
      back: 'Kembali',
      bulk_actions: '%{smart_count} item dipilih |||| %{smart_count} item dipilih',
      cancel: 'Batal',
      clear_array_input: 'Kosongkan daftar',
      clear_input_value: 'Kosongkan nilai',
      clone: 'Duplikat',
      confirm: 'Konfirmasi',
      create: 'Buat',
      create_item: 'Buat %{item}',
      delete: 'Hapus',
      edit: 'Ubah',
      export: 'Ekspor',
      list: 'Daftar',
      refresh: 'Muat ulang',
      remove_filter: 'Hapus filter ini',
      remove_all_filters: 'Hapus semua filter',
      remove: 'Hapus',
      reset: 'Atur ulang',
      save: 'Simpan',
      search: 'Cari',
      search_columns: 'Cari kolom',
      select_all: 'Pilih semua',
      select_all_button: 'Pilih semua',
      select_row: 'Pilih baris ini',
      show: 'Lihat',
      sort: 'Urutkan',
      undo: 'Urungkan',
      unselect: 'Batalkan pilihan',
      expand: 'Perluas',
      close: 'Tutup',
      open_menu: 'Buka menu',
      close_menu: 'Tutup menu',
      update: 'Perbarui',
      move_up: 'Pindahkan ke atas',
      move_down: 'Pindahkan ke bawah',
      open: 'Buka',
      toggle_theme: 'Ganti mode terang/gelap',
      select_columns: 'Kolom',
      update_application: 'Muat Ulang Aplikasi',
    },
    boolean: {
      true: 'Ya',
      false: 'Tidak',
      null: ' ',
    },
    page: {
      create: 'Buat %{name}',
      dashboard: 'Dasbor',
      edit: '%{name} %{recordRepresentation}',
      error: 'Terjadi kesalahan',
      list: '%{name}',
      loading: 'Memuat',
      not_found: 'Tidak Ditemukan',
      show: '%{name} %{recordRepresentation}',
      empty: 'Belum ada %{name}.',
      invite: 'Apakah Anda ingin menambahkan data baru?',
      access_denied: 'Akses ditolak',
      authentication_error: 'Kesalahan autentikasi',
    },
    input: {
      file: {
        upload_several:
          'Seret dan lepaskan beberapa berkas untuk diunggah, atau klik untuk memilih berkas.',
        upload_single:
          'Seret dan lepaskan sebuah berkas untuk diunggah, atau klik untuk memilihnya.',
      },
      image: {
        upload_several:
          'Seret dan lepaskan beberapa gambar untuk diunggah, atau klik untuk memilih gambar.',
        upload_single:
          'Seret dan lepaskan sebuah gambar untuk diunggah, atau klik untuk memilihnya.',
      },
      references: {
        all_missing: 'Data referensi tidak dapat ditemukan.',
        many_missing:
          'Setidaknya satu referensi terkait tampaknya sudah tidak tersedia.',
        single_missing: 'Referensi terkait tampaknya sudah tidak tersedia.',
      },
      password: {
        toggle_visible: 'Sembunyikan kata sandi',
        toggle_hidden: 'Tampilkan kata sandi',
      },
    },
    message: {
      about: 'Tentang',
      access_denied: 'Anda tidak memiliki izin untuk mengakses halaman ini',
      are_you_sure: 'Apakah Anda yakin?',
      authentication_error:
        'Server autentikasi mengembalikan kesalahan sehingga kredensial Anda tidak dapat diperiksa.',
      auth_error: 'Terjadi kesalahan saat memvalidasi token autentikasi.',
      bulk_delete_content:
        'Apakah Anda yakin ingin menghapus %{smart_count} %{name} ini? |||| Apakah Anda yakin ingin menghapus %{smart_count} %{name} ini?',
      bulk_delete_title:
        'Hapus %{smart_count} %{name} |||| Hapus %{smart_count} %{name}',
      bulk_update_content:
        'Apakah Anda yakin ingin memperbarui %{name} %{recordRepresentation}? |||| Apakah Anda yakin ingin memperbarui %{smart_count} item ini?',
      bulk_update_title:
        'Perbarui %{name} %{recordRepresentation} |||| Perbarui %{smart_count} %{name}',
      clear_array_input: 'Apakah Anda yakin ingin mengosongkan seluruh daftar?',
      delete_content: 'Apakah Anda yakin ingin menghapus %{name} ini?',
      delete_title: 'Hapus %{name} %{recordRepresentation}',
      details: 'Detail',
      error:
        'Terjadi kesalahan pada klien sehingga permintaan Anda tidak dapat diselesaikan.',
      invalid_form: 'Formulir tidak valid. Silakan periksa kesalahan yang ada',
      loading: 'Mohon tunggu',
      no: 'Tidak',
      not_found:
        'Anda mungkin salah mengetik URL atau mengikuti tautan yang tidak valid.',
      select_all_limit_reached:
        'Terlalu banyak elemen untuk dipilih semuanya. Hanya %{max} elemen pertama yang dipilih.',
      unsaved_changes:
        'Sebagian perubahan Anda belum disimpan. Apakah Anda yakin ingin mengabaikannya?',
      yes: 'Ya',
      placeholder_data_warning: 'Masalah jaringan: Gagal memperbarui data.',
    },
    navigation: {
      clear_filters: 'Hapus filter',
      no_filtered_results:
        'Tidak ada %{name} yang ditemukan dengan filter saat ini.',
      no_results: 'Tidak ada %{name} yang ditemukan',
      no_more_results:
        'Nomor halaman %{page} berada di luar batas. Coba halaman sebelumnya.',
      page_out_of_boundaries: 'Nomor halaman %{page} di luar batas',
      page_out_from_end: 'Tidak dapat melewati halaman terakhir',
      page_out_from_begin: 'Tidak dapat kembali sebelum halaman 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} dari %{total}',
      partial_page_range_info:
        '%{offsetBegin}-%{offsetEnd} dari lebih dari %{offsetEnd}',
      current_page: 'Halaman %{page}',
      page: 'Ke halaman %{page}',
      first: 'Ke halaman pertama',
      last: 'Ke halaman terakhir',
      next: 'Ke halaman berikutnya',
      previous: 'Ke halaman sebelumnya',
      page_rows_per_page: 'Baris per halaman:',
      skip_nav: 'Langsung ke konten',
    },
    sort: {
      sort_by: 'Urutkan berdasarkan %{field_lower_first} secara %{order}',
      ASC: 'menaik',
      DESC: 'menurun',
    },
    auth: {
      auth_check_error: 'Silakan masuk untuk melanjutkan',
      user_menu: 'Profil',
      username: 'Nama pengguna',
      password: 'Kata sandi',
      email: 'Email',
      sign_in: 'Masuk',
      sign_in_error: 'Autentikasi gagal, silakan coba lagi',
      logout: 'Keluar',
    },
    notification: {
      updated:
        'Data berhasil diperbarui |||| %{smart_count} data berhasil diperbarui',
      created: 'Data berhasil dibuat',
      deleted: 'Data berhasil dihapus |||| %{smart_count} data berhasil dihapus',
      bad_item: 'Data tidak valid',
      item_doesnt_exist: 'Data tidak ditemukan',
      http_error: 'Terjadi kesalahan komunikasi dengan server',
      data_provider_error:
        'Kesalahan dataProvider. Periksa konsol untuk detailnya.',
      i18n_error: 'Tidak dapat memuat terjemahan untuk bahasa yang dipilih',
      canceled: 'Tindakan dibatalkan',
      logged_out: 'Sesi Anda telah berakhir, silakan masuk kembali.',
      not_authorized: 'Anda tidak memiliki izin untuk mengakses sumber daya ini.',
      application_update_available: 'Versi baru telah tersedia.',
      offline: 'Tidak ada koneksi. Data tidak dapat diambil.',
    },
    validation: {
      required: 'Wajib diisi',
      minLength: 'Minimal %{min} karakter',
      maxLength: 'Maksimal %{max} karakter',
      minValue: 'Minimal %{min}',
      maxValue: 'Maksimal %{max}',
      number: 'Harus berupa angka',
      email: 'Harus berupa alamat email yang valid',
      oneOf: 'Harus salah satu dari: %{options}',
      regex: 'Harus sesuai dengan format tertentu (regexp): %{pattern}',
      unique: 'Harus unik',
    },
    saved_queries: {
      label: 'Kueri tersimpan',
      query_name: 'Nama kueri',
      new_label: 'Simpan kueri saat ini...',
      new_dialog_title: 'Simpan kueri saat ini sebagai',
      remove_label: 'Hapus kueri tersimpan',
      remove_label_with_name: 'Hapus kueri "%{name}"',
      remove_dialog_title: 'Hapus kueri tersimpan?',
      remove_message:
        'Apakah Anda yakin ingin menghapus item tersebut dari daftar kueri tersimpan Anda?',
      help: 'Saring daftar lalu simpan kueri ini untuk digunakan nanti',
    },
    guesser: {
      empty: {
        title: 'Tidak ada data untuk ditampilkan',
        message: 'Silakan periksa penyedia data (data provider) Anda',
      },
    },
    configurable: {
      customize: 'Sesuaikan',
      configureMode: 'Konfigurasikan halaman ini',
      inspector: {
        title: 'Inspektor',
        content:
          'Arahkan kursor ke elemen antarmuka aplikasi untuk mengonfigurasinya',
        reset: 'Atur Ulang Pengaturan',
        hideAll: 'Sembunyikan Semua',
        showAll: 'Tampilkan Semua',
      },
      Datagrid: {
        title: 'Tabel data',
        unlabeled: 'Kolom tanpa label #%{column}',
      },
      SimpleForm: {
        title: 'Formulir',
        unlabeled: 'Isian tanpa label #%{input}',
      },
      SimpleList: {
        title: 'Daftar',
        primaryText: 'Teks utama',
        secondaryText: 'Teks sekunder',
        tertiaryText: 'Teks tersier',
      },
    },
  },
};
