/**
 * English. Framework messages come from ra-language-english; app.* and resources.* mirror the
 * key set of id.ts. Everything a user reads is English, menu labels, sign-in and 'Sign out'
 * included; only the product's name (app.title) stays as the spec writes it.
 */
import englishMessages from 'ra-language-english';
import type { Messages } from './id';
import { declaredMenuLabels, resourceTexts } from './resources';
import { menuRoleManagerTexts } from './pages/menu-role-manager';
import { domainConfigTexts } from './pages/domain-config';
import { performanceTexts } from './pages/performance';
import { logsTexts } from './pages/logs';
import { jsonFieldTexts } from './pages/json-field';
import { mobileSimulatorTexts } from './pages/mobile-simulator';
import { apiSimulatorTexts } from './pages/api-simulator';
import { patientAccessTexts } from './pages/patient-access';
import { importTexts } from './pages/import';
import { twoFactorTexts } from './pages/two-factor';
import { accountTexts } from './pages/account';
import { realtimeTexts } from './pages/realtime';
import { loginTexts } from './pages/login';

/** The product's own texts: exactly the app.* and resources.* shape of the Indonesian messages. */
type ProductMessages = Pick<Messages, 'app' | 'resources'>;

export const en: typeof englishMessages & ProductMessages = {
  ...englishMessages,
  app: {
    // Product name, quoted literally by the spec.
    title: 'Dashboard Analisis Kesehatan Jakarta',
    short_title: 'Jakarta Health Office',
    menu_role_manager: menuRoleManagerTexts.en,
    domain_config: domainConfigTexts.en,
    performance: performanceTexts.en,
    logs: logsTexts.en,
    json_field: jsonFieldTexts.en,
    mobile_simulator: mobileSimulatorTexts.en,
    api_simulator: apiSimulatorTexts.en,
    patient_access: patientAccessTexts.en,
    import: importTexts.en,
    two_factor: twoFactorTexts.en,
    account: accountTexts.en,
    realtime: realtimeTexts.en,
    access: { denied: 'You do not have access to that page' },
    menu: {
      dashboard: 'Dashboard',
      patients: 'Patients',
      appointments: 'Appointments',
      medical_facilities: 'Health Facilities',
      emergency_reports: 'Emergency Reports',
      mental_health: 'Mental Health',
      geographic: 'Geographic Analysis',
      logs_monitoring: 'System Logs',
      api_logs: 'API Logs',
      performance_analytics: 'Performance Analytics',
      menu_role_manager: 'Menu Role Manager',
      api_simulator_group: 'API Simulator',
      api_simulator: 'API Simulator',
      simulator_mobile: 'E-Registration (Mobile)',
      master_data_group: 'Master Data',
      master_medical_facilities_integrated: 'Integrated Facilities',
      master_domain_config: 'Gateway Config',
      ...declaredMenuLabels('en'),
    },
    login: loginTexts.en,
    sidebar: {
      logout: 'Sign out',
      copyright: '© %{year} DKI Jakarta Provincial Health Office',
      language: 'Language',
      open_menu: 'Open menu',
      main_menu: 'Main menu',
    },
    not_built: {
      title: 'Coming soon',
      body: 'The "%{name}" page is not available yet. This feature is under construction.',
    },
    dashboard: {
      welcome: 'Welcome, %{name}',
      intro: "The city's health summary will appear here.",
      subtitle: "Jakarta's health at a glance",
      cards: {
        patients: 'Total Patients',
        appointments: 'Appointments',
        facilities: 'Health Facilities',
        emergencies: 'Emergency Reports',
        reports: 'Total AGD Reports',
      },
      charts: {
        appointments: 'Appointments in the Last 30 Days',
        facility_types: 'Health Facilities by Type',
        gender: 'Patients by Gender',
        age: 'Patients by Age Group',
      },
      errors: {
        stats: 'Failed to load statistics',
        appointments: 'Failed to load appointment data',
        facilities: 'Failed to load health facility data',
        demographics: 'Failed to load demographic data',
      },
    },
    analysis: {
      labels: {
        gender: { L: 'Male', P: 'Female' },
        facility_type: {
          PUSKESMAS: 'Puskesmas',
          RSUD: 'Regional Hospital',
          RS_SWASTA: 'Private Hospital',
          KLINIK: 'Clinic',
          APOTEK: 'Pharmacy',
          other: 'Other',
        },
      },
      common: {
        refresh: 'Refresh',
        retry: 'Try Again',
        empty: 'No data to show yet',
        count: 'Count',
        percentage: 'Percentage',
        status: 'Status',
        rank: 'Rank',
        total: 'Total',
        patients: 'Patients',
        facilities: 'Facilities',
        appointments: 'Appointments',
        responses: 'Responses',
        reports: 'Reports',
        average: 'Average',
        share_of_total: '%{percent}% of the total',
      },
      status: {
        high: 'High',
        medium: 'Medium',
        low: 'Low',
        priority_high: 'High Priority',
        needs_attention: 'Needs Attention',
        controlled: 'Under Control',
        very_good: 'Very Good',
        good: 'Good',
        fair: 'Fair',
      },
      patients: {
        title: 'Patient Data Analysis',
        subtitle: 'Patient demographics by gender, age group and insurance',
        cards: {
          total: 'Total Patients',
          male: 'Male',
          female: 'Female',
          elderly: 'Elderly (65+)',
        },
        charts: {
          gender: 'Gender Distribution',
          age: 'Age Group Distribution',
          insurance: 'Insurance Type Distribution',
        },
        tables: {
          gender: 'Gender Summary',
          age: 'Age Group Summary',
          insurance: 'Insurance Summary',
        },
        columns: {
          gender: 'Gender',
          age_group: 'Age Group',
          insurance: 'Insurance',
        },
        error: 'Failed to load patient demographic data',
      },
      appointments: {
        title: 'Appointment Analysis',
        subtitle: 'Appointments in the last 30 days',
        cards: {
          total: 'Total (30 Days)',
          today: 'Today',
          this_week: 'This Week',
          daily_average: 'Daily Average',
        },
        this_week_caption: 'Week %{week}',
        per_day: 'appointments per day',
        week: 'Week %{week}',
        days_in_week: '%{days} days',
        charts: {
          daily: 'Daily Trend',
          weekly: 'Weekly Summary',
          trend: 'Appointment Trend',
        },
        error: 'Failed to load appointment data',
      },
      facilities: {
        title: 'Health Facility Analysis',
        subtitle: 'Health facilities by type',
        cards: {
          total: 'Total Facilities',
          types: 'Facility Types',
          largest: 'Largest Type',
          average: 'Average per Type',
        },
        charts: {
          pie: 'Facility Type Distribution',
          bar: 'Facilities per Type',
        },
        table: 'Facility Type Details',
        columns: {
          type: 'Facility Type',
        },
        error: 'Failed to load medical facility data',
      },
      emergencies: {
        title: 'Emergency Report Analysis',
        subtitle: 'AGD reports by category',
        cards: {
          total: 'Total Reports',
          categories: 'Categories',
          highest: 'Highest Category',
          average: 'Average per Category',
        },
        chart: 'Reports per Category',
        table: 'Category Details',
        columns: {
          category: 'Category',
          severity: 'Severity',
        },
        recommendations: {
          title: 'Recommendations',
          top_category:
            'Prioritise team and ambulance readiness for "%{category}", the category with the most reports.',
          response_time: 'Review ambulance response times regularly in every area.',
          education: 'Extend first-aid education for the public on the most frequent cases.',
          coordination:
            'Strengthen referral coordination between AGD, community health centres and nearby hospitals.',
        },
        error: 'Failed to load emergency report data',
      },
      mental_health: {
        title: 'Mental Health Analysis',
        subtitle: 'Mental health assessments and the trend of the last six months',
        cards: {
          total: 'Total Assessments',
          types: 'Assessment Types',
          wellness: 'Wellness Score',
          highest: 'Most Taken Assessment',
        },
        charts: {
          pie: 'Assessment Distribution',
          bar: 'Responses per Assessment',
          trend: 'Last 6 Months',
          rates: 'Participation and Satisfaction',
        },
        wellness_series: 'Wellness Score',
        participation: 'Participation',
        participation_detail: '%{completed} of %{started} started assessments completed',
        satisfaction: 'Satisfaction',
        satisfaction_detail: '%{satisfied} of %{rated} ratings satisfied',
        error: 'Failed to load mental health data',
      },
      geographic: {
        title: 'Geographic Analysis',
        subtitle: 'Patients and health facilities per area',
        level_label: 'Area level',
        levels: {
          provinsi: 'Province',
          kabupaten: 'Regency/City',
          kecamatan: 'District',
        },
        cards: {
          areas: 'Areas',
          patients: 'Total Patients',
          facilities: 'Total Facilities',
          top: 'Top Area',
        },
        unassigned: '%{count} patients without an area',
        charts: {
          by_area: 'Patients and Facilities per Area',
          top10: 'Top 10 Areas',
          top6: 'Top 6 Areas Composition',
        },
        table: 'Area Ranking',
        columns: {
          area: 'Area',
          population: 'Population',
          density: 'Density (people/km²)',
        },
        error: 'Failed to load geographic data',
      },
    },
    common: {
      page_range_estimated: '%{offsetBegin}-%{offsetEnd} of about %{total}',
      actions: 'Actions',
      loading: 'Loading...',
      dismiss: 'Dismiss',
      none: '-',
      add: 'Add',
      no_options: 'No options',
      years_old: '%{age} years old',
      range_from: '%{field} from',
      range_to: '%{field} to',
      choose_first: 'Choose %{field} first',
    },
    conflict: {
      title: 'This record was changed by someone else',
      field: 'Field',
      theirs: 'Stored value now',
      yours: 'Your value',
      shown: 'Value you saw',
      reload: 'Reload',
      overwrite: 'Save anyway',
      delete_anyway: 'Delete anyway',
      cancel: 'Cancel',
    },
  },
  resources: resourceTexts('en'),
};
