import { SelectInput, TextInput } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { httpClient, API_URL } from '../../app/providers/http';

const R = 'resources.master/appointments';

interface FilterOptions {
  medical_facilities: { id: number; name: string }[];
  param_types: string[];
  health_insurance_types: string[];
}

/** The filters' choices (GET /master/appointments/filter-options), kept a minute. */
export function useFilterOptions() {
  return useQuery({
    queryKey: ['appointment-filter-options'],
    queryFn: async () =>
      (await httpClient(`${API_URL}/master/appointments/filter-options`)).json as FilterOptions,
    staleTime: 60_000,
  }).data;
}

/** Insurance, facility, parameter type and value beside the search box. */
export function appointmentFilters(options: FilterOptions | undefined) {
  return [
    <SelectInput
      key="health_insurance"
      source="health_insurance"
      alwaysOn
      label={`${R}.filters.health_insurance`}
      choices={(options?.health_insurance_types ?? ['BPJS', 'Asuransi Swasta', 'Umum']).map((v) => ({
        id: v,
        name: v,
      }))}
      sx={{ minWidth: 170 }}
    />,
    <SelectInput
      key="medical_facility_id"
      source="medical_facility_id"
      alwaysOn
      label={`${R}.filters.medical_facility_id`}
      choices={options?.medical_facilities ?? []}
      isPending={!options}
      sx={{ minWidth: 200 }}
    />,
    <SelectInput
      key="param_type"
      source="param_type"
      alwaysOn
      label={`${R}.filters.param_type`}
      choices={(options?.param_types ?? []).map((v) => ({ id: v, name: v }))}
      sx={{ minWidth: 160 }}
    />,
    <TextInput
      key="param_value"
      source="param_value"
      alwaysOn
      label={`${R}.filters.param_value`}
      sx={{ minWidth: 160 }}
    />,
  ];
}
