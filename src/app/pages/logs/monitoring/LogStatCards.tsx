import HistoryIcon from '@mui/icons-material/History';
import LoginIcon from '@mui/icons-material/Login';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { formatNumber } from '../../../components/figures';
import { useLogT } from '../model';
import type { LogStats } from './useLogStats';

/** Activities, successful logins, errors and open security events, each of its total. */
export function LogStatCards({ stats: s }: { stats: LogStats | undefined }) {
  const t = useLogT();
  return (
    <StatGrid>
      <StatCard
        testId="stat-activities"
        label={t('monitoring.cards.activities')}
        value={s?.activity.total_activities ?? null}
        loading={!s}
        icon={<HistoryIcon />}
      />
      <StatCard
        testId="stat-logins"
        label={t('monitoring.cards.logins')}
        value={s?.login.successful_logins ?? null}
        loading={!s}
        caption={s && t('monitoring.cards.logins_caption', { total: formatNumber(s.login.total_logins) })}
        icon={<LoginIcon />}
        color="success"
      />
      <StatCard
        testId="stat-errors"
        label={t('monitoring.cards.errors')}
        value={s?.system.errors ?? null}
        loading={!s}
        caption={s && t('monitoring.cards.errors_caption', { total: formatNumber(s.system.total_logs) })}
        icon={<ErrorOutlineIcon />}
        color="error"
      />
      <StatCard
        testId="stat-security"
        label={t('monitoring.cards.security')}
        value={s?.security.unresolved_events ?? null}
        loading={!s}
        caption={
          s && t('monitoring.cards.security_caption', { total: formatNumber(s.security.total_events) })
        }
        icon={<GppMaybeIcon />}
        color="warning"
      />
    </StatGrid>
  );
}
