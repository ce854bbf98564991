import { useState } from 'react';
import { Box, Card, CardContent } from '@mui/material';
import { PageHeader } from '../components/PageHeader';
import { useLogT, type Row } from './logs/model';
import { useTabs, type TabKey } from './logs/monitoring/tabs';
import { LogTab } from './logs/monitoring/LogTab';
import { LogStatCards } from './logs/monitoring/LogStatCards';
import { LogDetail } from './logs/monitoring/LogDetail';
import { TabBar } from './logs/monitoring/TabBar';
import { useLogStats } from './logs/monitoring/useLogStats';
import { useResolveEvent } from './logs/monitoring/useResolveEvent';

/** /logs-monitoring: the four logs of the platform (spec part 2 §2 "Logs Monitoring & Analysis"). */
export default function LogsMonitoring() {
  const t = useLogT();
  const [tab, setTab] = useState<TabKey>('activity');
  const [open, setOpen] = useState<{ tab: TabKey; row: Row } | null>(null);
  const stats = useLogStats();
  // A resolved event shown in the detail dialog shows its new state there too.
  const resolve = useResolveEvent((row) =>
    setOpen((o) => (o && o.row.id === row.id ? { ...o, row: { ...o.row, ...row } } : o)),
  );
  const tabs = useTabs((r) => resolve.mutate(r));
  const s = stats.data;
  const counts: Record<TabKey, number | undefined> = {
    activity: s?.activity.total_activities,
    login: s?.login.total_logins,
    system: s?.system.total_logs,
    security: s?.security.unresolved_events,
  };

  return (
    <Box data-testid="logs-monitoring" sx={{ pb: 2 }}>
      <PageHeader title={t('monitoring.title')} subtitle={t('monitoring.subtitle')} />
      {stats.error && (
        <Box
          sx={{ color: 'error.main', mb: 1 }}
        >{`${t('monitoring.stats_error')}: ${stats.error.message}`}</Box>
      )}
      <LogStatCards stats={s} />
      <Card>
        <TabBar tab={tab} onChange={setTab} counts={counts} />
        <CardContent role="tabpanel" id={`logs-panel-${tab}`} aria-labelledby={`logs-tab-${tab}`}>
          <LogTab key={tab} tab={tab} config={tabs[tab]} onOpen={(row) => setOpen({ tab, row })} />
        </CardContent>
      </Card>
      <LogDetail
        open={open}
        config={open ? tabs[open.tab] : null}
        onClose={() => setOpen(null)}
        onResolve={(row) => resolve.mutate(row)}
        resolving={resolve.isPending}
      />
    </Box>
  );
}
