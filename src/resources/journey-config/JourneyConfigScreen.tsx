import { useState } from 'react';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Box, Button, Chip, CircularProgress } from '@mui/material';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { journeyConfigs } from './index';
import { journeyStepTitles } from '../../domain/sandbox';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { Line, cellColumn, chipColumn, codeColumn, dateTimeColumn } from '../../app/resources/generic/cells';
import { API_URL, httpClient } from '../../app/providers/http';
import { JourneyStepsInput, JourneyTypeInput } from './JourneyStepsInput';

const R = 'resources.admin/journey-config';

/** A configuration's steps in order, the supported ones filled. */
function StepsCell({ record }: { record: any }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const names = journeyStepTitles(locale === 'en' ? 'title_en' : 'title');
  const steps: { id: string; title?: string; title_en?: string }[] = record.journey_steps ?? [];
  const supported: string[] = record.supported_journey ?? [];
  return (
    <Box sx={{ minWidth: 220, maxWidth: 560 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {steps.map((s, i) => (
          <Chip
            key={`${s.id}-${i}`}
            size="small"
            label={`${i + 1}. ${(locale === 'en' ? s.title_en : s.title) || names[s.id] || s.id}`}
            color={supported.includes(s.id) ? 'primary' : 'default'}
            variant={supported.includes(s.id) ? 'filled' : 'outlined'}
          />
        ))}
      </Box>
      <Line>{translate(`${R}.columns.summary`, { steps: steps.length, supported: supported.length })}</Line>
    </Box>
  );
}

/** /master/journey-config: the configurations, their dialog with the step picker, and 'initialize defaults'. */
export default function JourneyConfigScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const initialize = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API_URL}/admin/journey-config/initialize-defaults`, {
        method: 'POST',
        body: '{}',
      });
      const created: string[] = json.created ?? [];
      notify(
        created.length
          ? translate(`${R}.initialize.done`, { types: created.join(', ') })
          : translate(`${R}.initialize.none`),
        { type: 'success' },
      );
      refresh();
    } catch (e) {
      notify((e as Error).message || translate(`${R}.initialize.failed`), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ResourceScreen
        decl={journeyConfigs}
        actions={
          <Button
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PlaylistAddCheckIcon />}
            onClick={initialize}
            disabled={busy}
            aria-busy={busy}
          >
            {translate(`${R}.initialize.button`)}
          </Button>
        }
        inputs={{ journey_type: JourneyTypeInput, journey_steps: JourneyStepsInput }}
        columns={[
          codeColumn('type', `${R}.fields.journey_type`, (r) => r.journey_type, 'journey_type'),
          cellColumn('steps', `${R}.fields.journey_steps`, (r) => <StepsCell record={r} />),
          chipColumn('active', `${R}.fields.is_active`, (r) => ({
            value: String(!!r.is_active),
            colors: { true: 'success' },
            variant: 'outlined',
            label: translate(`${R}.choices.is_active.${!!r.is_active}`),
          })),
          dateTimeColumn('created', `${R}.fields.created_at`, 'created_at'),
        ]}
      />
    </>
  );
}
