import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import type { ReactNode } from 'react';
import { i18nProvider } from '../../src/app/providers/i18nProvider';
import { ChartCard } from '../../src/app/components/ChartCard';
import { StatCard } from '../../src/app/components/StatCard';
import { StatusChip } from '../../src/app/components/StatusChip';
import { facilityTypeLevel, priorityByRank, severityLevel, wellnessLabel } from '../../src/domain/analytics';

afterEach(cleanup);

const wrap = (ui: ReactNode) => render(<AdminContext i18nProvider={i18nProvider}>{ui}</AdminContext>);

describe('StatCard', () => {
  it('shows numbers with Indonesian grouping and text as it is', () => {
    wrap(
      <>
        <StatCard testId="a" label="Total Pasien" value={1234567} />
        <StatCard testId="b" label="Rata-rata" value={13.5} />
        <StatCard testId="c" label="Jenis Terbanyak" value="PUSKESMAS" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toContain('1.234.567');
    expect(screen.getByTestId('b').textContent).toContain('13,5');
    expect(screen.getByTestId('c').textContent).toContain('PUSKESMAS');
  });

  it('shows a skeleton instead of the value while loading', () => {
    wrap(<StatCard testId="a" label="Total Pasien" value={5} loading />);
    expect(screen.queryByTestId('stat-value')).toBeNull();
  });
});

describe('ChartCard', () => {
  it('shows the spec message, the server detail and a retry in place of the chart', () => {
    const onRetry = vi.fn();
    wrap(
      <ChartCard
        title="Distribusi"
        error={new HttpError('Database tidak tersedia', 500)}
        errorMessage="Gagal memuat data fasilitas kesehatan"
        onRetry={onRetry}
      >
        <div>chart</div>
      </ChartCard>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Gagal memuat data fasilitas kesehatan');
    expect(screen.getByRole('alert').textContent).toContain('Database tidak tersedia');
    expect(screen.queryByText('chart')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows an empty state rather than a blank chart', () => {
    wrap(
      <ChartCard title="Tren" empty>
        <div>chart</div>
      </ChartCard>,
    );
    expect(screen.getByTestId('empty-state').textContent).toContain('Belum ada data untuk ditampilkan');
    expect(screen.queryByText('chart')).toBeNull();
  });

  it('shows its content once loaded, titled as a region', () => {
    wrap(
      <ChartCard title="Tren">
        <div>chart</div>
      </ChartCard>,
    );
    expect(screen.getByRole('region', { name: 'Tren' }).textContent).toContain('chart');
  });
});

describe('StatusChip', () => {
  it('labels and colours the domain levels', () => {
    wrap(
      <>
        <StatusChip kind="level" value={facilityTypeLevel(10, 5)} />
        <StatusChip kind="level" value={severityLevel(5, 5)} />
        <StatusChip kind="level" value={severityLevel(1, 5)} />
      </>,
    );
    const [high, medium, low] = screen
      .getAllByText(/Tinggi|Sedang|Rendah/)
      .map((e) => e.closest('.MuiChip-root')!);
    expect(high.textContent).toBe('Tinggi');
    expect(high.className).toContain('MuiChip-colorError');
    expect(medium.textContent).toBe('Sedang');
    expect(medium.className).toContain('MuiChip-colorWarning');
    expect(low.textContent).toBe('Rendah');
    expect(low.className).toContain('MuiChip-colorSuccess');
  });

  it('tells a priority "Perlu Perhatian" (warning) from a wellness one (error)', () => {
    wrap(
      <>
        <StatusChip kind="priority" value={priorityByRank(2)} />
        <StatusChip kind="wellness" value={wellnessLabel(40)} />
        <StatusChip kind="wellness" value={wellnessLabel(85)} />
      </>,
    );
    const [priority, wellness] = screen
      .getAllByText('Perlu Perhatian')
      .map((e) => e.closest('.MuiChip-root')!);
    expect(priority.className).toContain('MuiChip-colorWarning');
    expect(wellness.className).toContain('MuiChip-colorError');
    expect(screen.getByText('Sangat Baik').closest('.MuiChip-root')!.className).toContain(
      'MuiChip-colorSuccess',
    );
  });
});
