import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { API_URL, httpClient } from '../providers/http';
import type { AreaLevel } from '../../domain/jakarta';

/** The answers of GET /api/dashboard/* (src/server/routes/dashboard/). */
export interface DashboardStats {
  totalPatients: number;
  totalAppointments: number;
  totalMedicalFacilities: number;
  totalEmergencies: number;
  totalReports: number;
}
export interface AppointmentDay {
  appointment_date: string;
  count: number;
}
export interface FacilityTypeCount {
  facility_type: string | null;
  count: number;
}
export interface PatientDemographics {
  byGender: { gender: string; count: number }[];
  byAge: { age_group: string; count: number }[];
  byInsurance: { insurance: string; count: number }[];
}
export interface EmergencyCategoryCount {
  category: string;
  count: number;
}
export interface MentalHealthSummary {
  responsesByAssessment: {
    assessment_name: string;
    assessment_type: string;
    response_count: number;
    avg_score: number | null;
  }[];
  monthlyTrend: {
    month: string;
    response_count: number;
    well_count: number;
    wellness_score: number;
    avg_score: number | null;
  }[];
  participation: { rate: number; completed: number; started: number };
  satisfaction: { rate: number; satisfied: number; rated: number };
}
export interface AreaRow {
  area_code: string;
  area_name: string;
  population: number;
  area_km2: number;
  patients: number;
  facilities: number;
  total: number;
}
export interface GeographicSummary {
  level: AreaLevel;
  patientsByArea: { area_code: string; area_name: string; count: number }[];
  facilitiesByArea: { area_code: string; area_name: string; count: number }[];
  areas: AreaRow[];
  unassignedPatients: number;
}

/** A client error (403, 400) will not go away by asking again; a network or server error may. */
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof HttpError && error.status >= 400 && error.status < 500);

/**
 * While the server answers 503 (figures being rebuilt after a bulk load, or busy), its message
 * stays on screen and the aggregate is asked again this often, in the background, until it
 * answers: the figures then replace the message without a click.
 */
export const UNAVAILABLE_POLL_MS = 30_000;
export const pollWhileUnavailable = (query: { state: { error: Error | null } }) =>
  query.state.error instanceof HttpError && query.state.error.status === 503 ? UNAVAILABLE_POLL_MS : false;

/**
 * One aggregate of /api/dashboard/<path> (e.g. 'stats', 'geographic?level=kabupaten'), cached
 * under ['dashboard', path] so screens that share an aggregate share its request.
 * `keepPrevious` keeps showing the last answer while another path loads (isPlaceholderData).
 */
export function useDashboardData<T>(path: string, options: { keepPrevious?: boolean } = {}) {
  return useQuery<T, Error>({
    ...dashboardQuery<T>(path),
    refetchInterval: pollWhileUnavailable,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/** The query of one aggregate, shared by useDashboardData and a prefetch of the same key. */
export const dashboardQuery = <T>(path: string) => ({
  queryKey: ['dashboard', path],
  queryFn: async () => (await httpClient(`${API_URL}/dashboard/${path}`)).json as T,
  staleTime: 30_000,
  retry: retryOnce,
});
