/**
 * The records below an integrated facility (spec part 1 §2, §7): its parameters and its
 * connections, as an import names them (the file's headers, the dialog's fields). The tabs of
 * the integrated facilities screen carry their own texts (medical-facilities.ts, integrated).
 */
import { defineTexts } from './define';

export const facilityParamTexts = defineTexts({
  id: {
    name: 'Parameter Fasilitas |||| Parameter Fasilitas',
    fields: { type: 'Tipe', value: 'Nilai', description: 'Deskripsi', flagpoly: 'Flag Poli' },
  },
  en: {
    name: 'Facility Parameter |||| Facility Parameters',
    fields: { type: 'Type', value: 'Value', description: 'Description', flagpoly: 'Poly Flag' },
  },
});

export const facilityConnectionTexts = defineTexts({
  id: {
    name: 'Koneksi Fasilitas |||| Koneksi Fasilitas',
    fields: {
      code: 'Kode',
      production_base_url: 'Production Base URL',
      sandbox_base_url: 'Sandbox Base URL',
      x_username: 'X-Username',
      x_password: 'X-Password',
      properties: 'Properties',
      resources: 'Resources',
      gateway_config: 'Gateway Config',
    },
  },
  en: {
    name: 'Facility Connection |||| Facility Connections',
    fields: {
      code: 'Code',
      production_base_url: 'Production Base URL',
      sandbox_base_url: 'Sandbox Base URL',
      x_username: 'X-Username',
      x_password: 'X-Password',
      properties: 'Properties',
      resources: 'Resources',
      gateway_config: 'Gateway Config',
    },
  },
});
