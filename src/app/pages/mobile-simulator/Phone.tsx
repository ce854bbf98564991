/**
 * The phone of E-Registrasi: the app bar (back, app and facility name), the stepper (shown from
 * the start, its steps disabled until a key is chosen), the step's title, its messages and the
 * step itself.
 */
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { STEPS } from './wizard';
import { T, type StepProps } from './steps/common';
import { NikStep } from './steps/NikStep';
import { PatientStep } from './steps/PatientStep';
import { DoctorStep } from './steps/DoctorStep';
import { ConfirmStep } from './steps/ConfirmStep';
import { TicketStep } from './steps/TicketStep';

const STEP_VIEWS = [NikStep, PatientStep, DoctorStep, ConfirmStep, TicketStep];

export interface PhoneProps extends StepProps {
  /** A key is chosen: the wizard can run. */
  ready: boolean;
  keysLoading: boolean;
  facilityName: string | null;
  wide: boolean;
}

function AppBar({
  showBack,
  onBack,
  facilityName,
}: {
  showBack: boolean;
  onBack: () => void;
  facilityName: string | null;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
        {showBack && (
          <Button
            size="small"
            onClick={onBack}
            startIcon={<ArrowBack />}
            sx={{ color: 'inherit', minWidth: 0 }}
            data-testid="back-button"
          >
            {translate(`${T}.back`)}
          </Button>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {translate(`${T}.app_name`)}
          </Typography>
          {facilityName && (
            <Typography variant="caption" component="p" noWrap data-testid="facility-name">
              {facilityName}
            </Typography>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

/** The four steps; until a key is chosen none is current and all are disabled. */
function WizardStepper({ step, ready }: { step: number; ready: boolean }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{ px: 1, pt: 2, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
      data-testid="wizard-stepper"
      data-locked={!ready}
    >
      <Stepper activeStep={ready ? step : -1} alternativeLabel>
        {STEPS.map((s) => (
          <Step key={s} disabled={!ready}>
            <StepLabel slotProps={{ label: { style: { fontSize: 11 } } }}>
              {translate(`${T}.steps.${s}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}

export function Phone({ ready, keysLoading, facilityName, wide, ...step }: PhoneProps) {
  const translate = useTranslate();
  const { w, dispatch } = step;
  const contentRef = useRef<HTMLDivElement>(null);
  // A new step takes the focus to its title, so keyboard and screen-reader users start there.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(w.step);
  useEffect(() => {
    if (shownStep.current === w.step) return;
    shownStep.current = w.step;
    contentRef.current?.scrollTo?.({ top: 0 });
    titleRef.current?.focus();
  }, [w.step]);
  const View = STEP_VIEWS[w.step];
  const title = translate(`${T}.steps.${w.step === 4 ? 'ticket' : STEPS[w.step]}`);

  return (
    <Box
      data-testid="phone"
      sx={{
        width: '100%',
        maxWidth: wide ? 400 : undefined,
        mx: wide ? 0 : 'auto',
        flexShrink: 0,
        border: wide ? 10 : 1,
        borderColor: wide ? 'grey.900' : 'divider',
        borderRadius: wide ? 6 : 2,
        bgcolor: 'background.paper',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        height: wide ? 780 : undefined,
        boxShadow: wide ? 6 : 0,
      }}
    >
      <AppBar
        showBack={ready && w.step > 0 && w.step < 4}
        onBack={step.actions.back}
        facilityName={facilityName}
      />
      <WizardStepper step={w.step} ready={ready} />
      <Box ref={contentRef} sx={{ flex: 1, overflowY: 'auto', p: 2 }}>
        <Typography
          variant="h6"
          component="h2"
          ref={titleRef}
          tabIndex={-1}
          sx={{ mb: 0.5, outline: 'none' }}
          data-testid="step-title"
        >
          {title}
        </Typography>
        {w.step < 4 && ready && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
            {translate(`${T}.step_of`, { n: w.step + 1 })}
          </Typography>
        )}
        <Stack spacing={1.5} sx={{ mb: w.error || w.info ? 2 : 0 }} aria-live="polite">
          {w.error && (
            <Alert
              severity="error"
              onClose={() => dispatch({ type: 'messages', messages: { error: null } })}
              data-testid="step-error"
            >
              {w.error}
            </Alert>
          )}
          {w.info && (
            <Alert
              severity="info"
              onClose={() => dispatch({ type: 'messages', messages: { info: null } })}
              data-testid="step-info"
            >
              {w.info}
            </Alert>
          )}
        </Stack>
        {ready ? (
          <View {...step} />
        ) : (
          <Alert severity="info" data-testid="no-key">
            {translate(keysLoading ? `${T}.panel.key_loading` : `${T}.no_key`)}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
