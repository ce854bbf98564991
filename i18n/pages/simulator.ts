/** Texts the sandbox's screens share beyond each resource's own (JSON fields of the records). */
import { defineTexts } from '../resources/define';

export const simulatorTexts = defineTexts({
  id: {
    json: {
      raw: 'JSON mentah',
      invalid: 'Bukan JSON yang valid',
      wrong_kind_object: 'Harus berupa objek JSON { }',
      wrong_kind_array: 'Harus berupa daftar JSON [ ]',
      check_form: 'Periksa isian %{name}',
      saved: 'Data berhasil disimpan',
      save_failed: 'Operation failed',
    },
  },
  en: {
    json: {
      raw: 'Raw JSON',
      invalid: 'Not valid JSON',
      wrong_kind_object: 'Must be a JSON object { }',
      wrong_kind_array: 'Must be a JSON list [ ]',
      check_form: 'Check the %{name} entries',
      saved: 'Saved',
      save_failed: 'Operation failed',
    },
  },
});
