/** The Patient Search and RSUD/Puskesmas APIs tabs of the API Simulator. */
import { useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/Send';
import { jakartaToday, now } from '../../../domain/clock';
import { T, type Tester } from './useTester';

export const ID_TYPES = ['KTP', 'BPJS', 'MR'] as const;
export type IdType = (typeof ID_TYPES)[number];
const LISTS = ['patients', 'doctors', 'appointments', 'facilities'] as const;

export const Spinner = () => <CircularProgress size={16} color="inherit" />;

/** GET /patient/{type}/{number}: disabled without an ID number (spec part 2 §2). */
export function SearchTab({
  tester,
  idType,
  setIdType,
  idNumber,
  setIdNumber,
}: {
  tester: Tester;
  idType: IdType;
  setIdType: (t: IdType) => void;
  idNumber: string;
  setIdNumber: (n: string) => void;
}) {
  const translate = useTranslate();
  const { busy, key } = tester;
  const ready = !busy && !!key && !!idNumber.trim();
  const search = () =>
    tester.run('search', 'GET', `/patient/${idType}/${encodeURIComponent(idNumber.trim())}`);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={translate(`${T}.search.id_type`)}
          value={idType}
          onChange={(e) => setIdType(e.target.value as IdType)}
          sx={{ minWidth: 200 }}
        >
          {ID_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`${T}.search.types.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          fullWidth
          label={translate(`${T}.search.id_number`)}
          value={idNumber}
          onChange={(e) => setIdNumber(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && ready) void search();
          }}
        />
      </Stack>
      <Box>
        <Button
          variant="contained"
          startIcon={busy ? <Spinner /> : <SearchIcon />}
          disabled={!ready}
          onClick={() => void search()}
        >
          {translate(`${T}.search.send`)}
        </Button>
      </Box>
    </Stack>
  );
}

/** A booking to start from: tomorrow (Jakarta) 09:00-10:00 (the §9 default visit time). */
export function bookingTemplate(): string {
  return JSON.stringify(
    {
      poly_code: 'UMU',
      poly_name: 'Umum',
      date: jakartaToday(now() + 86_400_000),
      start_time: '09:00',
      end_time: '10:00',
      doctor_id: 1,
      id_type: 'KTP',
      id_number: '',
      name: '',
      health_insurance: 'UMUM',
    },
    null,
    2,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The facility's lists (GET) and a booking sent as JSON (POST /appointment). */
export function FacilityTab({
  tester,
  booking,
  setBooking,
}: {
  tester: Tester;
  booking: string;
  setBooking: (b: string) => void;
}) {
  const translate = useTranslate();
  const { busy, key } = tester;
  const bookingBody = parseJson(booking);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Box>
        <Box sx={{ fontWeight: 600, mb: 1 }}>{translate(`${T}.facility_apis.lists`)}</Box>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {LISTS.map((l) => (
            <Button
              key={l}
              variant="outlined"
              disabled={busy || !key}
              onClick={() => void tester.run('facility', 'GET', `/${l}`)}
            >
              GET /{l}
            </Button>
          ))}
        </Stack>
      </Box>
      <Box>
        <Box sx={{ fontWeight: 600, mb: 1 }}>{translate(`${T}.facility_apis.booking`)}</Box>
        <TextField
          multiline
          fullWidth
          minRows={8}
          label={translate(`${T}.facility_apis.booking_body`)}
          value={booking}
          onChange={(e) => setBooking(e.target.value)}
          error={bookingBody === null}
          helperText={bookingBody === null ? translate(`${T}.facility_apis.invalid_json`) : undefined}
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
        <Button
          sx={{ mt: 1 }}
          variant="contained"
          startIcon={busy ? <Spinner /> : <SendIcon />}
          disabled={busy || !key || bookingBody === null}
          onClick={() => void tester.run('facility', 'POST', '/appointment', bookingBody)}
        >
          {translate(`${T}.facility_apis.send_booking`)}
        </Button>
      </Box>
    </Stack>
  );
}
