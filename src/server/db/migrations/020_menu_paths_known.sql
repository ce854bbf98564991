-- The menu paths the role-to-menu matrix has met. At every start, a menu path of the console
-- that is not here yet is granted to the roles its menu entry names by default, and recorded
-- here in the same transaction, once: a screen a new release adds reaches its roles on a
-- database in use, and a super admin's later change to it is never overridden. The paths the
-- console had when this table was made are known already: their grants are the matrix as
-- stored (setup.ts).
CREATE TABLE menu_paths_known (
  menu_path   text PRIMARY KEY,
  known_since timestamptz NOT NULL DEFAULT app_now()
);
INSERT INTO menu_paths_known (menu_path) VALUES
  ('/dashboard'),
  ('/patients'),
  ('/appointments'),
  ('/medical-facilities'),
  ('/emergency-reports'),
  ('/mental-health'),
  ('/geographic'),
  ('/logs-monitoring'),
  ('/logs/api-logs'),
  ('/performance-analytics'),
  ('/menu-role-manager'),
  ('/api-simulator'),
  ('/simulator/patients'),
  ('/simulator/doctors'),
  ('/simulator/schedules'),
  ('/simulator/appointments'),
  ('/simulator/facilities'),
  ('/simulator/poli'),
  ('/simulator/api-keys'),
  ('/simulator/mobile'),
  ('/simulator/delivery'),
  ('/master/emergencies'),
  ('/master/appointments'),
  ('/master/patients'),
  ('/master/users'),
  ('/master/delivery'),
  ('/master/medical-facilities'),
  ('/master/medical-facilities-integrated'),
  ('/master/web-admins'),
  ('/master/domain-config'),
  ('/master/journey-config'),
  ('/master/poli');
