/** The answers of GET /api/analytics/performance[/filter-options] (src/server/routes/performance.ts). */
import type { JourneyStage, Rating } from '../../../domain/performance';

interface Judged {
  completionRate: number;
  avgWaitTime: number | null;
  score: number;
  rating: Rating;
}
export interface FacilityRow extends Judged {
  facilityId: number;
  facilityName: string;
  totalAppointments: number;
}
export interface DoctorRow extends Judged {
  doctorId: number;
  doctorName: string;
  facilityName: string;
  totalPatients: number;
  totalAppointments: number;
}
export interface PerformanceData {
  range: { days: number; from: string; to: string };
  overview: {
    totalAppointments: number;
    avgWaitTime: number | null;
    completionRate: number;
    avgSatisfaction: number | null;
    waitTime0to15: number;
    waitTime15to30: number;
    waitTime30to60: number;
    waitTime60plus: number;
    measuredWaits: number;
    score: number;
    rating: Rating;
  };
  facilityPerformance: FacilityRow[];
  doctorPerformance: DoctorRow[];
  journeyAnalysis: { stage: JourneyStage; count: number; avgDuration: number | null }[];
  waitTimeAnalysis: {
    date: string;
    avgWaitTime: number | null;
    maxWaitTime: number | null;
    minWaitTime: number | null;
  }[];
  patientSatisfaction: {
    average: number | null;
    responses: number;
    distribution: { rating: number; count: number }[];
  };
  trends: { date: string; appointmentCount: number; completionRate: number; avgWaitTime: number | null }[];
  insights: {
    topFacility: FacilityRow | null;
    topDoctor: DoctorRow | null;
    peakHours: { hour: number; appointments: number }[];
  };
}
export interface FilterOptions {
  facilities: { id: number; name: string }[];
  doctors: { id: number; name: string; facilityId: number; facilityName: string | null }[];
  appointmentTypes: string[];
}
export interface PerformanceFilters {
  days: number;
  facility: number | '';
  doctor: number | '';
  type: string;
}
