import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import EventIcon from '@mui/icons-material/Event';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import EmergencyIcon from '@mui/icons-material/Emergency';
import PsychologyIcon from '@mui/icons-material/Psychology';
import MapIcon from '@mui/icons-material/Map';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import InsightsIcon from '@mui/icons-material/Insights';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApiIcon from '@mui/icons-material/Api';
import PersonIcon from '@mui/icons-material/Person';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import ScheduleIcon from '@mui/icons-material/Schedule';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ApartmentIcon from '@mui/icons-material/Apartment';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import StorageIcon from '@mui/icons-material/Storage';
import GroupIcon from '@mui/icons-material/Group';
import HubIcon from '@mui/icons-material/Hub';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import DnsIcon from '@mui/icons-material/Dns';
import RouteIcon from '@mui/icons-material/Route';
import CircleIcon from '@mui/icons-material/Circle';
import VerifiedIcon from '@mui/icons-material/Verified';

/** Icon names used by src/domain/menu.ts and by declarations (menu entries, chips). */
const ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardIcon,
  people: PeopleIcon,
  event: EventIcon,
  local_hospital: LocalHospitalIcon,
  emergency: EmergencyIcon,
  psychology: PsychologyIcon,
  map: MapIcon,
  monitor_heart: MonitorHeartIcon,
  receipt_long: ReceiptLongIcon,
  insights: InsightsIcon,
  admin_panel_settings: AdminPanelSettingsIcon,
  api: ApiIcon,
  person: PersonIcon,
  medical_services: MedicalServicesIcon,
  schedule: ScheduleIcon,
  event_note: EventNoteIcon,
  apartment: ApartmentIcon,
  meeting_room: MeetingRoomIcon,
  vpn_key: VpnKeyIcon,
  smartphone: SmartphoneIcon,
  local_shipping: LocalShippingIcon,
  storage: StorageIcon,
  group: GroupIcon,
  hub: HubIcon,
  manage_accounts: ManageAccountsIcon,
  dns: DnsIcon,
  route: RouteIcon,
  verified: VerifiedIcon,
};

export const menuIcon = (name: string): SvgIconComponent => ICONS[name] ?? CircleIcon;
