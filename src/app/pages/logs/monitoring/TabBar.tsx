import { Badge, Box, Tab, Tabs } from '@mui/material';
import { badge, useLogT } from '../model';
import { PATHS, type TabKey } from './tabs';

/** The four logs as tabs, each with its count as a badge (none at zero). */
export function TabBar({
  tab,
  onChange,
  counts,
}: {
  tab: TabKey;
  onChange: (tab: TabKey) => void;
  counts: Record<TabKey, number | undefined>;
}) {
  const t = useLogT();
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={tab}
        onChange={(_, v: TabKey) => onChange(v)}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {(Object.keys(PATHS) as TabKey[]).map((k) => (
          <Tab
            key={k}
            value={k}
            id={`logs-tab-${k}`}
            aria-controls={`logs-panel-${k}`}
            label={
              <Badge
                color="primary"
                badgeContent={badge(counts[k])}
                invisible={!counts[k]}
                max={Infinity}
                sx={{ pr: counts[k] ? 3 : 0 }}
              >
                {t(`monitoring.tabs.${k}`)}
              </Badge>
            }
          />
        ))}
      </Tabs>
    </Box>
  );
}
