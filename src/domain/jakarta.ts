/**
 * DKI Jakarta's 44 kecamatan with population and land area, rounded from BPS figures
 * (population in people, area in km²). The demo city spreads its patients by population;
 * the geographic analysis computes density from them. Codes and names: idn-area-data.
 */
import { JAKARTA_DISTRICTS, JAKARTA_REGENCIES } from './regions-data';

const FIGURES: Record<string, [population: number, areaKm2: number]> = {
  '31.01.01': [17_000, 4.9],
  '31.01.02': [12_000, 3.7],
  '31.71.01': [76_000, 7.6],
  '31.71.02': [100_000, 6.2],
  '31.71.03': [220_000, 7.3],
  '31.71.04': [95_000, 4.2],
  '31.71.05': [85_000, 4.7],
  '31.71.06': [70_000, 6.5],
  '31.71.07': [145_000, 9.3],
  '31.71.08': [117_000, 2.4],
  '31.72.01': [310_000, 45.4],
  '31.72.02': [400_000, 22.5],
  '31.72.03': [330_000, 12.3],
  '31.72.04': [420_000, 39.7],
  '31.72.05': [165_000, 11.9],
  '31.72.06': [155_000, 16.1],
  '31.73.01': [560_000, 26.5],
  '31.73.02': [230_000, 9.9],
  '31.73.03': [115_000, 4.4],
  '31.73.04': [240_000, 5.4],
  '31.73.05': [370_000, 18.0],
  '31.73.06': [450_000, 30.2],
  '31.73.07': [210_000, 7.5],
  '31.73.08': [320_000, 24.2],
  '31.74.01': [210_000, 9.0],
  '31.74.02': [115_000, 8.9],
  '31.74.03': [140_000, 7.7],
  '31.74.04': [310_000, 21.7],
  '31.74.05': [310_000, 19.3],
  '31.74.06': [200_000, 18.2],
  '31.74.07': [140_000, 12.9],
  '31.74.08': [150_000, 8.6],
  '31.74.09': [390_000, 25.0],
  '31.74.10': [230_000, 12.8],
  '31.75.01': [150_000, 4.9],
  '31.75.02': [270_000, 15.6],
  '31.75.03': [270_000, 10.6],
  '31.75.04': [290_000, 13.0],
  '31.75.05': [210_000, 13.0],
  '31.75.06': [540_000, 42.3],
  '31.75.07': [390_000, 22.7],
  '31.75.08': [200_000, 21.9],
  '31.75.09': [290_000, 16.1],
  '31.75.10': [270_000, 28.4],
};

export const AREA_LEVELS = ['provinsi', 'kabupaten', 'kecamatan'] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

export interface Area {
  code: string;
  name: string;
  level: AreaLevel;
  parent_code: string | null;
  population: number;
  area_km2: number;
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export const JAKARTA_KECAMATAN: Area[] = JAKARTA_DISTRICTS.map((d) => ({
  code: d.code,
  name: d.name,
  level: 'kecamatan',
  parent_code: d.regency_code,
  population: FIGURES[d.code][0],
  area_km2: FIGURES[d.code][1],
}));

const sum = (areas: Area[], key: 'population' | 'area_km2') =>
  Math.round(areas.reduce((n, a) => n + a[key], 0) * 10) / 10;

export const JAKARTA_KABUPATEN: Area[] = JAKARTA_REGENCIES.map((r) => {
  const children = JAKARTA_KECAMATAN.filter((k) => k.parent_code === r.code);
  return {
    code: r.code,
    name: titleCase(r.name)
      .replace('Kota Administrasi ', 'Kota ')
      .replace('Kabupaten Administrasi ', 'Kab. '),
    level: 'kabupaten',
    parent_code: '31',
    population: sum(children, 'population'),
    area_km2: sum(children, 'area_km2'),
  };
});

export const DKI_JAKARTA: Area = {
  code: '31',
  name: 'DKI Jakarta',
  level: 'provinsi',
  parent_code: null,
  population: sum(JAKARTA_KECAMATAN, 'population'),
  area_km2: sum(JAKARTA_KECAMATAN, 'area_km2'),
};

export const JAKARTA_AREAS: Area[] = [DKI_JAKARTA, ...JAKARTA_KABUPATEN, ...JAKARTA_KECAMATAN];
