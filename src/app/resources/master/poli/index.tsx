import { lazy } from 'react';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { poli } from '../../../../domain/resources/poli';

/** Master poli (spec part 2 §2 'Data Master Poli'); the screen loads on first visit. */
export default {
  name: poli.name,
  list: lazy(() => import('./PoliList')),
  icon: MeetingRoomIcon,
  recordRepresentation: 'poly_name',
};
