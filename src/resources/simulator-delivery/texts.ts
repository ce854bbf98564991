/**
 * Simulator delivery (spec part 2 §2, §3, §4, §5, §8): the master delivery's texts, under the
 * sandbox's own name, with its facility filter and row actions.
 */
import { defineTexts } from '../../../i18n/resources/define';
import { deliveryTexts } from '../delivery/texts';

const sandbox = (
  lang: 'id' | 'en',
  own: { name: string; title: string; actions: string; facility: string },
) => {
  const master = deliveryTexts[lang];
  return {
    ...master,
    name: own.name,
    title: own.title,
    helpers: {},
    columns: { ...master.columns, actions: own.actions },
    filters: { ...master.filters, medical_facility_id: own.facility },
  };
};

export const simulatorDeliveryTexts = defineTexts({
  id: sandbox('id', {
    name: 'Pengiriman Simulasi |||| Pengiriman Simulasi',
    title: 'Simulasi Pengiriman',
    actions: 'Aksi',
    facility: 'Fasilitas Kesehatan',
  }),
  en: sandbox('en', {
    name: 'Sandbox Delivery |||| Sandbox Deliveries',
    title: 'Delivery Simulation',
    actions: 'Actions',
    facility: 'Medical Facility',
  }),
});
