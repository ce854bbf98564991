/**
 * English. Framework messages come from ra-language-english; app.* and resources.* mirror the
 * key set of id.ts. Strings the spec quotes literally as product UI ('Masuk', 'MASUK',
 * 'Masuk...', 'Lupa Password?', 'Keluar', the product title and every menu label) are kept
 * exactly as in Indonesian.
 */
import englishMessages from 'ra-language-english';
import type { Messages } from './id';

const patientFields = {
  id: 'ID',
  full_name: 'Full Name',
  identity_type: 'Identity Type',
  identity_number: 'Identity Number',
  citizenship: 'Citizenship',
  place_of_birth: 'Place of Birth',
  date_of_birth: 'Date of Birth',
  gender: 'Gender',
  marital_status: 'Marital Status',
  religion: 'Religion',
  blood_type: 'Blood Type',
  last_education: 'Highest Education',
  occupation: 'Occupation',
  tribe: 'Ethnicity',
  mother_name: "Mother's Maiden Name",
  address: 'Address',
  rt: 'RT',
  rw: 'RW',
  village: 'Village',
  district: 'District',
  regency: 'Regency/City',
  province: 'Province',
  postal_code: 'Postal Code',
  phone_number: 'Phone Number',
  email: 'Email',
  insurance: 'Insurance',
  insurance_number: 'Insurance Number',
  family_card_number: 'Family Card Number',
  medical_facility_id: 'Medical Facility',
  created_by: 'Created By',
  created_at: 'Created',
  updated_at: 'Updated',
};

/** The product's own texts: exactly the app.* and resources.* shape of the Indonesian messages. */
type ProductMessages = Pick<Messages, 'app' | 'resources'>;

export const en: typeof englishMessages & ProductMessages = {
  ...englishMessages,
  app: {
    // Product name, quoted literally by the spec.
    title: 'Dashboard Analisis Kesehatan Jakarta',
    short_title: 'Jakarta Health Office',
    // Menu labels are product names in the spec: identical to Indonesian.
    menu: {
      dashboard: 'Dashboard',
      patients: 'Data Pasien',
      appointments: 'Janji Temu',
      medical_facilities: 'Fasilitas Kesehatan',
      emergency_reports: 'Laporan Darurat',
      mental_health: 'Kesehatan Mental',
      geographic: 'Analisis Geografis',
      logs_monitoring: 'System Logs',
      api_logs: 'API Logs',
      performance_analytics: 'performance analytics',
      menu_role_manager: 'Menu Role Manager',
      api_simulator_group: 'API Simulator',
      api_simulator: 'API Simulator',
      simulator_patients: 'Simulator Pasien',
      simulator_doctors: 'Simulator Dokter',
      simulator_schedules: 'Simulator Jadwal',
      simulator_appointments: 'Simulator Janji Temu',
      simulator_facilities: 'Simulator Fasilitas',
      simulator_poli: 'Simulasi Poli',
      simulator_api_keys: 'API Keys',
      simulator_mobile: 'E-Registrasi (Mobile)',
      simulator_delivery: 'Simulator Delivery',
      master_data_group: 'Master Data',
      master_emergencies: 'Data Darurat',
      master_appointments: 'Data Janji Temu',
      master_patients: 'Data Pasien',
      master_users: 'Users',
      master_delivery: 'Delivery',
      master_medical_facilities: 'Fasilitas Kesehatan',
      master_medical_facilities_integrated: 'Fasilitas Terintegrasi',
      master_web_admins: 'Web Admins',
      master_domain_config: 'Gateway Config',
      master_journey_config: 'Journey Config',
      master_poli: 'Data Master Poli',
    },
    login: {
      // title, submit, submitting and forgot_password are quoted literally by the spec.
      title: 'Masuk',
      // The product name, as app.title.
      subtitle: 'Dashboard Analisis Kesehatan Jakarta',
      email: 'Email',
      password: 'Password',
      submit: 'MASUK',
      submitting: 'Masuk...',
      forgot_password: 'Lupa Password?',
      show_password: 'Show password',
      hide_password: 'Hide password',
      failed: 'Login failed',
      network_error: 'Network error. Please try again.',
    },
    sidebar: {
      // Quoted literally by the spec.
      logout: 'Keluar',
      copyright: '© %{year} DKI Jakarta Provincial Health Office',
      open_menu: 'Open menu',
    },
    not_built: {
      title: 'Coming soon',
      body: 'The "%{name}" page is not available yet. This feature is under construction.',
    },
    dashboard: {
      welcome: 'Welcome, %{name}',
      intro: "The city's health summary will appear here.",
    },
    common: {
      actions: 'Actions',
      loading: 'Loading...',
      dismiss: 'Dismiss',
      none: '-',
      add: 'Add',
      years_old: '%{age} years old',
    },
  },
  resources: {
    'master/patients': {
      name: 'Patient |||| Patients',
      title: 'Patient Master Data',
      add_title: 'Add Patient',
      edit_title: 'Edit Patient',
      fields: patientFields,
      columns: {
        patient_info: 'Patient Info',
        identity: 'Identity',
        contact: 'Contact',
        location: 'Location',
        insurance: 'Insurance',
      },
      filters: {
        search: 'Search name, NIK, phone, email',
        gender: 'Gender',
        insurance: 'Insurance',
      },
      choices: {
        gender: { L: 'Male', P: 'Female' },
      },
      sections: {
        identity: 'Identity',
        personal: 'Personal Details',
        address: 'Address',
        contact: 'Contact & Insurance',
      },
      empty: 'No patient data yet',
      errors: {
        fetch: 'Failed to fetch patients',
        save: 'Failed to save patient',
        delete: 'Failed to delete patient',
      },
    },
    'admin/medical-facilities': {
      name: 'Medical Facility |||| Medical Facilities',
      fields: { name: 'Name', type: 'Type' },
    },
  },
};
